import { readFileSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import {
  externalToolVersions,
  runExternalTool,
  stopExternalTools,
} from '../support/external-tools.js'
import { notesExampleDir, type ServedPlugin, servePlugin } from '../support/serve-plugin.js'

/**
 * The server scenarios of the conformance suite that need none of its fixture tools
 * (`test_simple_text`, ...), by their names in the pinned version (`conformance list --server`).
 */
const scenarios = [
  'server-initialize',
  'ping',
  'tools-list',
  'dns-rebinding-protection',
  'server-stateless',
  'http-header-validation',
  'http-custom-header-server-validation',
]

const expectedFailuresFile = 'conformance-expected-failures.json'
const expectedFailures = JSON.parse(
  readFileSync(join(import.meta.dirname, expectedFailuresFile), 'utf8'),
) as Record<string, string>

/** One entry of the `checks.json` the suite writes per scenario. */
interface ConformanceCheck {
  id: string
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED'
  description: string
  errorMessage?: string
  /** `untestable` marks a check the suite could not exercise, for lack of its fixture tools. */
  details?: { untestable?: boolean }
}

const tools = inject('externalTools')
let server: ServedPlugin
let outputRoot: string

beforeAll(async () => {
  server = await servePlugin(notesExampleDir)
  outputRoot = await mkdtemp(join(tmpdir(), 'portico-conformance-'))
})
afterAll(async () => {
  stopExternalTools()
  await server?.close()
  if (outputRoot) await rm(outputRoot, { recursive: true, force: true })
})

/** Runs one server scenario and returns its checks, as the suite saved them. */
async function runScenario(
  scenario: string,
): Promise<{ code: number | null; checks: ConformanceCheck[] }> {
  const outputDir = join(outputRoot, scenario)
  await mkdir(outputDir)
  const args = ['server', '--url', `${server.url}/mcp`, '--scenario', scenario]
  const run = await runExternalTool(
    tools,
    tools.conformance,
    [...args, '--output-dir', outputDir, '--timeout', '30000'],
    { timeoutMs: 40_000 },
  )
  const [resultDir, ...others] = await readdir(outputDir)
  if (!resultDir || others.length > 0) {
    throw new Error(
      `conformance ${args.join(' ')} saved no single result (exit ${run.code}):\n${run.stdout}${run.stderr}`,
    )
  }
  const checks = JSON.parse(
    await readFile(join(outputDir, resultDir, 'checks.json'), 'utf8'),
  ) as ConformanceCheck[]
  return { code: run.code, checks }
}

describe('the MCP conformance suite against the example plugin', () => {
  it('runs the pinned suite version, which knows every scenario named here', async () => {
    const version = await runExternalTool(tools, tools.conformance, ['--version'], {
      timeoutMs: 10_000,
    })
    expect(version.stdout.trim()).toBe(externalToolVersions['@modelcontextprotocol/conformance'])
    const list = await runExternalTool(tools, tools.conformance, ['list', '--server'], {
      timeoutMs: 10_000,
    })
    const known = [...list.stdout.matchAll(/^ {2}- (\S+)/gm)].map((match) => match[1])
    expect(scenarios.filter((scenario) => !known.includes(scenario))).toEqual([])
  })

  it(`lists in ${expectedFailuresFile} only scenarios run here, each with a one-line reason`, () => {
    for (const [scenario, reason] of Object.entries(expectedFailures)) {
      expect(scenarios).toContain(scenario)
      expect(reason).toMatch(/^\S[^\n]{9,}$/)
    }
  })

  for (const scenario of scenarios) {
    const reason = expectedFailures[scenario]
    const title = reason ? `fails only the untestable checks of ${scenario}` : `passes ${scenario}`
    it(title, { timeout: 60_000 }, async () => {
      const { code, checks } = await runScenario(scenario)
      const failed = checks.filter((check) => check.status === 'FAILURE')
      const explain = (check: ConformanceCheck) =>
        `${check.id}: ${check.errorMessage ?? check.description}`
      expect(code, 'the exit code agrees with checks.json').toBe(failed.length > 0 ? 1 : 0)
      if (!reason) {
        expect(failed.map(explain)).toEqual([])
        return
      }
      expect(
        failed.length,
        `${scenario} passes now: remove it from ${expectedFailuresFile}`,
      ).not.toBe(0)
      // An expected failure excuses what the suite cannot test here, not a regression in the rest.
      expect(failed.filter((check) => check.details?.untestable !== true).map(explain)).toEqual([])
    })
  }
})
