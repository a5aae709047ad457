import type { TestProject } from 'vitest/node'
import { type ExternalTools, ensureExternalTools } from './support/external-tools.js'

declare module 'vitest' {
  export interface ProvidedContext {
    externalTools: ExternalTools
  }
}

/**
 * The `external` project's global setup (see `vitest.config.ts`): installs the pinned black-box
 * tools (Node 22, the inspector, the conformance suite, Bun, Deno, workerd, Claude Code) once per
 * run, before that project's first file, and hands their paths to its suites through `inject`.
 * The other projects never wait for it.
 */
export async function setup(project: TestProject): Promise<void> {
  project.provide('externalTools', await ensureExternalTools())
}
