import { readFileSync } from 'node:fs'
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, join, resolve } from 'node:path'
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { pollUntil } from '../support/cli-process.js'
import {
  externalToolVersions,
  runExternalTool,
  stopExternalTools,
  toolPatienceMs,
} from '../support/external-tools.js'
import { type ServedPlugin, servePlugin } from '../support/serve-plugin.js'
import { TASKS_EXTENSION, taskClient } from '../support/task-client.js'

// Every server scenario of the pinned MCP conformance suite, at every revision it applies to
// (`conformance list --server`), against examples/conformance served stateless (its config)
// and stateful (`mcp.sessions: 'stateful'`). One suite process per revision and server runs
// that revision's scenarios one after another (`--suite all --spec-version <v>`), and one runs
// the extension scenarios at their default revision (`--suite pending`): a process costs half a
// second of CPU to start, most scenarios a few tens of milliseconds.

/** The plugin that holds every fixture the scenarios call (`test_simple_text`, ...). */
const conformanceExampleDir = resolve(import.meta.dirname, '../../../../examples/conformance')

/** How the plugin is served: as its config says, and with MCP sessions. */
type ServeMode = 'stateless' | 'stateful'
const modes: ServeMode[] = ['stateless', 'stateful']

/** Suite processes at once, on 2 cores. */
const concurrency = 4
/**
 * The suite's own limit per scenario; it then reports the check `scenario-timeout`. A scenario
 * takes well under a second when all is well; the limit only catches a hang, on a loaded machine.
 */
const scenarioTimeoutMs = 60_000
/**
 * The limit of one suite process, which runs up to 40 scenarios (about 3 s when all is well):
 * {@link toolPatienceMs}, below the `external` project's test limit.
 */
const batchTimeoutMs = toolPatienceMs

/** How `conformance list --server` tags a scenario that belongs to no revision. */
const extension = 'extension'

/**
 * What fails today, by `<scenario>@<version>@<mode>`, or `<scenario>@<version>` for both modes
 * (`extension` is the version of an extension scenario): why, and exactly which checks keep it
 * from passing (see {@link failingChecksOf}). A listed check that passes, or an unlisted one
 * that fails, fails the run's test.
 */
const expectedFailuresFile = 'conformance-expected-failures.json'
const expectedFailures = JSON.parse(
  readFileSync(join(import.meta.dirname, expectedFailuresFile), 'utf8'),
) as Record<string, { reason: string; checks: string[] }>

/**
 * The checks the suite reports only because a server issued no `mcp-session-id`: sessions are
 * optional in the 2025 revisions, and the suite says so (the lifecycle "does not apply", the SSE
 * scenarios "may not work"). A stateless run that reports one must fail nothing else, and the
 * same scenario must pass against the stateful server: there it is judged.
 */
const sessionOnlyChecks: ReadonlySet<string> = new Set([
  'server-session-lifecycle-skipped',
  'server-sse-multiple-streams-session',
  'server-sse-polling-session',
])

/**
 * Scenarios the pinned suite lists but does not test yet: it reports one skipped check, saying
 * why, and a skip is no pass. Each is run here instead, to the scenario's own description,
 * against the same server. Once the suite tests one, the test below fails until it is removed
 * from this list, so the suite judges it again.
 */
const skippedBySuite: Record<string, { why: string; check(url: string): Promise<void> }> = {
  'tasks-status-notifications': {
    why: 'alpha.12 awaits its rewrite onto subscriptions/listen, where SEP-2663 sends notifications/tasks',
    check: expectTaskStatusNotifications,
  },
}

/**
 * The scenario's description: notifications/tasks on the `subscriptions/listen` stream, each
 * with `taskId` and `status`, a terminal one with its `result` inlined (optional there, done
 * here), by the official client.
 */
async function expectTaskStatusNotifications(url: string): Promise<void> {
  const client = new Client(
    { name: 'portico-conformance', version: '1.0.0' },
    {
      versionNegotiation: { mode: { pin: '2026-07-28' } },
      capabilities: { extensions: { [TASKS_EXTENSION]: {} } },
    },
  )
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`)))
  try {
    const seen: Record<string, unknown>[] = []
    client.fallbackNotificationHandler = async (notification) => {
      if (notification.method === 'notifications/tasks') seen.push(notification.params ?? {})
    }
    const task = await taskClient(url).create('slow_compute', { seconds: 2, label: 'notified' })
    // The client's schema of the acknowledgement knows no `taskIds` (the extension's field).
    const subscription = await client.listen({ taskIds: [task.taskId] } as Parameters<
      Client['listen']
    >[0])
    const last = await pollUntil(async () => seen.find((params) => params.status === 'completed'))
    for (const params of seen) {
      expect(params).toMatchObject({ taskId: task.taskId, status: expect.any(String) })
    }
    expect(last).toMatchObject({
      result: { content: [{ type: 'text', text: 'Computed notified in 2s' }] },
    })
    await subscription.close()
  } finally {
    await client.close()
  }
}

/** One entry of the `checks.json` the suite writes per scenario. */
interface ConformanceCheck {
  id: string
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED'
  description: string
  errorMessage?: string
}

/** One scenario at one revision against one server. */
interface ScenarioRun {
  scenario: string
  /** A revision, or {@link extension}. */
  version: string
  mode: ServeMode
}

/** One suite process: the scenarios of a revision (or the extension ones) against a server. */
interface Batch {
  version: string
  mode: ServeMode
  /** The scenarios `list --server` gives for the revision: what the process must run. */
  scenarios: string[]
}

/** What one suite process did: its exit code, and the checks of each scenario it ran. */
interface BatchResult {
  code: number | null
  output: string
  checks: Map<string, ConformanceCheck[]>
}

const tools = inject('externalTools')
const servers = new Map<ServeMode, ServedPlugin>()
/** Filled by `beforeAll`, a promise per batch, which its tests await. */
const batchResults = new Map<string, Promise<BatchResult>>()
let outputRoot = ''
let statefulCopy = ''

// The list is read before the tests are declared, so that each run is a test of its own.
const listing = await runExternalTool(tools, tools.conformance, ['list', '--server'])
/** `  - name [2025-06-18,2025-11-25]` or `  - name [extension]`. */
const scenarioList = [...listing.stdout.matchAll(/^ {2}- (\S+) \[([^\]]+)\]$/gm)].map(
  ([, scenario, versions]) => ({
    scenario: scenario as string,
    versions: (versions as string).split(','),
  }),
)
const versions = [...new Set(scenarioList.flatMap((entry) => entry.versions))].sort()
const batches: Batch[] = modes.flatMap((mode) =>
  versions.map((version) => ({
    version,
    mode,
    scenarios: scenarioList
      .filter((entry) => entry.versions.includes(version))
      .map((entry) => entry.scenario),
  })),
)
const runs: ScenarioRun[] = batches.flatMap(({ version, mode, scenarios }) =>
  scenarios.map((scenario) => ({ scenario, version, mode })),
)

function keyOf(run: ScenarioRun): string {
  return `${run.scenario}@${run.version}@${run.mode}`
}

function batchKeyOf(batch: { version: string; mode: ServeMode }): string {
  return `${batch.version}@${batch.mode}`
}

function expectedFailureOf(run: ScenarioRun): { reason: string; checks: string[] } | undefined {
  return expectedFailures[keyOf(run)] ?? expectedFailures[`${run.scenario}@${run.version}`]
}

/**
 * A copy of the plugin with MCP sessions, inside the plugin's `.portico/` (so that it resolves
 * `portico` as the plugin does, and git ignores it), its config the plugin's with one key more.
 * Its `tsconfig.json` is left out: it extends a path relative to the plugin, and serving reads
 * none.
 */
async function createStatefulCopy(): Promise<string> {
  const dir = join(conformanceExampleDir, '.portico', `stateful-${basename(outputRoot)}`)
  for (const entry of await readdir(conformanceExampleDir)) {
    if (['.portico', 'node_modules', 'tsconfig.json'].includes(entry)) continue
    await cp(join(conformanceExampleDir, entry), join(dir, entry), { recursive: true })
  }
  await writeFile(
    join(dir, 'portico.config.ts'),
    [
      "import { defineConfig } from 'portico'",
      "import base from '../../portico.config.ts'",
      '',
      "export default defineConfig({ ...base, mcp: { ...base.mcp, sessions: 'stateful' } })",
      '',
    ].join('\n'),
  )
  return dir
}

/** Runs one suite process and reads the `checks.json` it saved for each scenario. */
async function runBatch(batch: Batch): Promise<BatchResult> {
  const server = servers.get(batch.mode)
  if (!server) throw new Error(`no ${batch.mode} server`)
  const outputDir = join(outputRoot, batchKeyOf(batch))
  await mkdir(outputDir, { recursive: true })
  const args = ['server', '--url', `${server.url}/mcp`]
  if (batch.version === extension) args.push('--suite', 'pending')
  else args.push('--suite', 'all', '--spec-version', batch.version)
  const run = await runExternalTool(
    tools,
    tools.conformance,
    [...args, '--output-dir', outputDir, '--timeout', String(scenarioTimeoutMs)],
    { timeoutMs: batchTimeoutMs },
  )
  const checks = new Map<string, ConformanceCheck[]>()
  for (const resultDir of await readdir(outputDir)) {
    // server-<scenario>-<ISO time with : and . as ->
    const scenario = resultDir.replace(/^server-/, '').replace(/-\d{4}-\d\d-\d\dT[\d-]+Z$/, '')
    if (checks.has(scenario)) throw new Error(`${scenario} has two results in ${outputDir}`)
    const file = join(outputDir, resultDir, 'checks.json')
    checks.set(scenario, JSON.parse(await readFile(file, 'utf8')) as ConformanceCheck[])
  }
  return { code: run.code, output: `${run.stdout}${run.stderr}`, checks }
}

/** Runs the tasks given to it, at most `max` at a time, in the order given. */
function createLimiter(max: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0
  const waiting: (() => void)[] = []
  return async (task) => {
    if (active >= max) await new Promise<void>((go) => waiting.push(go))
    active += 1
    try {
      return await task()
    } finally {
      active -= 1
      waiting.shift()?.()
    }
  }
}

beforeAll(async () => {
  outputRoot = await mkdtemp(join(tmpdir(), 'portico-conformance-'))
  statefulCopy = await createStatefulCopy()
  const [stateless, stateful] = await Promise.all([
    servePlugin(conformanceExampleDir),
    servePlugin(statefulCopy),
  ])
  servers.set('stateless', stateless)
  servers.set('stateful', stateful)
  const limit = createLimiter(concurrency)
  for (const batch of batches) {
    const result = limit(() => runBatch(batch))
    // Its tests see the rejection; until they await it, it is not unhandled.
    result.catch(() => {})
    batchResults.set(batchKeyOf(batch), result)
  }
})

/** The result of a batch, started by `beforeAll`. */
function batchResultOf(batch: { version: string; mode: ServeMode }): Promise<BatchResult> {
  const result = batchResults.get(batchKeyOf(batch))
  if (!result) throw new Error(`the batch ${batchKeyOf(batch)} was not started`)
  return result
}

afterAll(async () => {
  stopExternalTools()
  await Promise.all([...servers.values()].map((server) => server.close()))
  if (statefulCopy) await rm(statefulCopy, { recursive: true, force: true })
  if (outputRoot) await rm(outputRoot, { recursive: true, force: true })
})

/**
 * The checks that keep a run from passing: failures and, as under the suite's
 * `--expected-failures`, warnings; in a run that tested nothing (no success, no failure), the
 * skipped and informational checks that say why, so that a vacuous run is not a pass.
 */
function failingChecksOf(checks: ConformanceCheck[]): ConformanceCheck[] {
  const failing = checks.filter((check) => check.status === 'FAILURE' || check.status === 'WARNING')
  if (failing.length > 0 || checks.some((check) => check.status === 'SUCCESS')) return failing
  return checks.filter((check) => check.status === 'SKIPPED' || check.status === 'INFO')
}

/** A scenario that applies only with sessions passes, as it ran against the stateful server. */
async function expectPassesStateful(run: ScenarioRun): Promise<void> {
  const stateful = { ...run, mode: 'stateful' as const }
  const { output, checks } = await batchResultOf(stateful)
  const ran = checks.get(run.scenario)
  if (!ran) throw new Error(`${keyOf(stateful)} saved no result:\n${output}`)
  expect(expectedFailureOf(stateful), `${keyOf(stateful)} is an expected failure`).toBeUndefined()
  expect(failingChecksOf(ran).map(explain), `${keyOf(stateful)} fails`).toEqual([])
}

const explain = (check: ConformanceCheck) =>
  `${check.id} (${check.status}): ${check.errorMessage ?? check.description}`

describe('the MCP conformance suite against examples/conformance', () => {
  it('runs the pinned suite version, whose scenario list is read', async () => {
    const version = await runExternalTool(tools, tools.conformance, ['--version'])
    expect(version.stdout.trim()).toBe(externalToolVersions['@modelcontextprotocol/conformance'])
    expect(scenarioList.length, listing.stdout).toBeGreaterThan(60)
    expect(versions).toContain(extension)
  })

  it(`lists in ${expectedFailuresFile} only runs made here, each with a one-line reason and its checks`, () => {
    const known = new Set(runs.flatMap((run) => [keyOf(run), `${run.scenario}@${run.version}`]))
    for (const [key, { reason, checks }] of Object.entries(expectedFailures)) {
      expect(known.has(key), `${key} is no run of this file`).toBe(true)
      expect(reason).toMatch(/^\S[^\n]{9,}$/)
      expect(checks.length, `${key} names no failing check`).toBeGreaterThan(0)
    }
  })

  for (const batch of batches) {
    const what = batch.version === extension ? 'the extension scenarios' : batch.version
    it(`runs every scenario of ${what} against the ${batch.mode} server, its exit code agreeing with checks.json`, async () => {
      const { code, output, checks } = await batchResultOf(batch)
      // `--suite pending` also runs the pending scenarios of revisions, at their defaults:
      // those results are the revision batches' to judge.
      const ran = [...checks.keys()].filter(
        (scenario) => batch.version !== extension || batch.scenarios.includes(scenario),
      )
      expect(ran.sort(), output).toEqual([...batch.scenarios].sort())
      const failed = [...checks.values()].flat().filter((check) => check.status === 'FAILURE')
      expect(code, 'the exit code agrees with checks.json').toBe(failed.length > 0 ? 1 : 0)
    })
  }

  for (const run of runs) {
    const expected = expectedFailureOf(run)
    const where = `${run.scenario} at ${run.version}, ${run.mode}`
    const skipped = skippedBySuite[run.scenario]
    if (skipped) {
      it(`runs ${where} here, which the pinned suite skips (${skipped.why})`, async () => {
        const { output, checks } = await batchResultOf(run)
        const ran = checks.get(run.scenario)
        if (!ran) throw new Error(`${keyOf(run)} saved no result:\n${output}`)
        expect(
          ran.map((check) => check.status),
          `the suite now tests ${run.scenario}: remove it from skippedBySuite`,
        ).toEqual(['SKIPPED'])
        const server = servers.get(run.mode)
        if (!server) throw new Error(`no ${run.mode} server`)
        await skipped.check(server.url)
      })
      continue
    }
    const title = expected ? `fails only the expected checks of ${where}` : `passes ${where}`
    it(title, async () => {
      const { output, checks } = await batchResultOf(run)
      const ran = checks.get(run.scenario)
      if (!ran) throw new Error(`${keyOf(run)} saved no result:\n${output}`)
      if (run.mode === 'stateless' && ran.some((check) => sessionOnlyChecks.has(check.id))) {
        const failures = ran.filter((check) => check.status === 'FAILURE')
        expect(failures.map(explain), `${keyOf(run)} fails beyond sessions`).toEqual([])
        await expectPassesStateful(run)
        return
      }
      // Informational when the server never closed the stream mid-call: a session must.
      const resume = ran.find((check) => check.id === 'server-sse-disconnect-resume')
      if (resume && run.mode === 'stateful') expect(explain(resume)).toMatch(/\(SUCCESS\)/)
      const failing = failingChecksOf(ran)
      if (!expected) {
        expect(failing.map(explain)).toEqual([])
        return
      }
      const ids = [...new Set(failing.map((check) => check.id))].sort()
      expect(
        ids,
        `${keyOf(run)} changed: update ${expectedFailuresFile}\n${failing.map(explain).join('\n')}`,
      ).toEqual([...expected.checks].sort())
    })
  }
})
