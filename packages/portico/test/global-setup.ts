import type { TestProject } from 'vitest/node'
import { type ExternalTools, ensureExternalTools } from './support/external-tools.js'

declare module 'vitest' {
  export interface ProvidedContext {
    externalTools: ExternalTools
  }
}

/**
 * Installs the pinned black-box MCP tools (Node 22, the inspector, the conformance suite) once
 * per run, before any test file, and hands their paths to the suites through `inject`.
 */
export async function setup(project: TestProject): Promise<void> {
  project.provide('externalTools', await ensureExternalTools())
}
