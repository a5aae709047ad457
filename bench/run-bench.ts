// `npm run bench`: Portico against its peers and the bare node:http floor, measured in one run
// on this machine, and the targets of the benchmark issue, each with its measured ratio, on every
// Node leg: the servers run on this Node, then again on Node 22 (the registry's `node` package,
// the one the tests install) for what the targets need.
//
// Environment: BENCH_ROWS=<regex> runs only the throughput rows whose "server workload" matches
// and prints them; BENCH_NODES=current runs on this Node only (no Node 22 leg); BENCH_DURATION,
// BENCH_WARMUP and BENCH_CONNECTIONS shape each load run; BENCH_GROWTH=<sizes> the growth curve;
// BENCH_ROUNDS (5) how many interleaved rounds of the target rows (median run per row);
// BENCH_LOAD=wrk|autocannon the load generator (wrk where installed: see `loadGenerator`);
// BENCH_LOAD_CPU=poll|halt how the load generator's CPU idles in the throughput rows (see
// `loadCpuIdle`);
// BENCH_BASELINE=1 writes results/baseline.json.
import { execFile } from 'node:child_process'
import { cp, mkdir, rm, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { ensureExternalTools } from '../packages/portico/test/support/external-tools.js'
import { type CatalogRow, measureCatalog } from './catalog-workload.js'
import { type BenchIssuer, startBenchIssuer } from './lib/bench-issuer.js'
import { compileServers } from './lib/compile-servers.js'
import { cpuPinning } from './lib/cpu-pinning.js'
import { formatTable } from './lib/format-table.js'
import { keepLoadCpuAwake, loadCpuIdle, loadCpuIdleLine } from './lib/keep-load-cpu-awake.js'
import { formatLighthouse } from './lib/lighthouse-docs-site.js'
import { type ColdStartResult, measureColdStart } from './lib/measure-cold-start.js'
import { type DevLoopResult, measureDevLoop } from './lib/measure-dev-loop.js'
import { type DocsSiteFigures, measureDocsSite } from './lib/measure-docs-site.js'
import { type GrowthRow, measureGrowth } from './lib/measure-growth.js'
import {
  type LoadRequest,
  type LoadResult,
  loadGenerator,
  measureLoad,
} from './lib/measure-load.js'
import { type MedianRow, medianRuns } from './lib/median-runs.js'
import { printTracingCost } from './lib/print-tracing-cost.js'
import { median } from './lib/sample-latency.js'
import { startServerProcess } from './lib/server-process.js'
import {
  checkSum,
  mcpLegacyCall,
  mcpLegacyList,
  mcpModernCall,
  mcpModernList,
  restAdd,
} from './requests.js'
import { evaluateTargets, type TargetResult, type ThroughputRow } from './targets.js'

const exec = promisify(execFile)
const cliPath = resolve(import.meta.dirname, '../packages/portico/bin/portico.js')
const calcDir = resolve(import.meta.dirname, 'plugins/calc')
const catalogDir = resolve(import.meta.dirname, 'plugins/catalog')
const generatedDir = resolve(import.meta.dirname, '.generated')
const load = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  durationSeconds: Number(process.env.BENCH_DURATION ?? 5),
  warmupSeconds: Number(process.env.BENCH_WARMUP ?? 2),
}
/** `BENCH_ROUNDS`: how many interleaved rounds of the rows the targets read; each row's median run counts. */
const rounds = Number(process.env.BENCH_ROUNDS ?? 5)
const growthSizes = (process.env.BENCH_GROWTH ?? '10,100,1000,10000').split(',').map(Number)
/** `BENCH_ROWS=<regex>`: only the throughput rows whose "server workload" matches, nothing else. */
const onlyRows =
  process.env.BENCH_ROWS === undefined ? undefined : new RegExp(process.env.BENCH_ROWS)
/** `BENCH_NODES=current`: this Node only; by default also the Node 22 leg. */
const nodesWanted = process.env.BENCH_NODES ?? 'current,22'
if (nodesWanted !== 'current' && nodesWanted !== 'current,22')
  throw new Error(`BENCH_NODES is "current" or "current,22", not "${nodesWanted}"`)

/** Who serves, and with which documented production setting. */
const servers: Record<string, string> = {
  'bare-node': 'node:http by hand, Content-Length set (the floor)',
  portico:
    'portico start on a built plugin (REST on the node:http edge; MCP stateless, JSON answers)',
  'sdk-v2':
    "createMcpHandler, responseMode 'json' (2025 leg: its stateless SSE fallback), McpServer + zod",
  fastmcp: 'httpStream { stateless: true, enableJsonResponse: true } (2025 revisions only)',
  tmcp: 'HttpTransport + zod adapter (SSE answers; no JSON option)',
  'mcp-use':
    'MCPServer.listen(), as `mcp-use start`: stateless, logging and telemetry off (2025 leg: SSE; engines: Node ≥ 22.22.2)',
  xmcp: '`xmcp build`, node dist/http.js: stateless, config defaults (2025 leg: SSE)',
  'portico-auth': 'as portico, in mode custom: an RS256 bearer token verified on every call',
  'portico-isolated':
    'as portico, with server.isolateTools: each call in a worker thread of the Piscina pool',
  'portico-traced': 'as portico, with OTEL tracing sampled at 100% (OTLP/HTTP to a sink)',
}

/** The servers whose rows run on every Node leg: what the targets need. The peers run once. */
const everyNodeServers = new Set(['bare-node', 'portico', 'portico-auth'])
/**
 * The servers whose rows run in every round on the current Node only: compared with a row of
 * `everyNodeServers` by its median run, but no target reads them.
 */
const everyRoundServers = new Set(['portico-isolated', 'portico-traced'])

/** Whether `server`'s row runs in `round` on `node`. */
const runsIn = (server: string, node: NodeBinary, round: number) =>
  everyNodeServers.has(server) || (node.current && (round === 1 || everyRoundServers.has(server)))

interface Scenario {
  server: string
  workload: string
  requests: LoadRequest[]
  /** Environment of the server process (the authenticated rows' OAUTH_*). */
  env?: Record<string, string>
}

const mixed = (list: LoadRequest, call: LoadRequest) => [
  list,
  ...Array.from({ length: 9 }, () => call),
]
const peersOfBothEras = ['sdk-v2', 'mcp-use', 'xmcp']
const scenarios: Scenario[] = [
  { server: 'bare-node', workload: 'REST call', requests: [restAdd] },
  { server: 'portico', workload: 'REST call', requests: [restAdd] },
  // The floor of an MCP answer: what the bigger messages cost, which no server can spare.
  { server: 'bare-node', workload: 'MCP call 2025', requests: [mcpLegacyCall] },
  { server: 'bare-node', workload: 'MCP call 2026', requests: [mcpModernCall] },
  ...['portico', ...peersOfBothEras].flatMap((server) => [
    { server, workload: 'MCP call 2025', requests: [mcpLegacyCall] },
    { server, workload: 'MCP call 2026', requests: [mcpModernCall] },
  ]),
  { server: 'fastmcp', workload: 'MCP call 2025', requests: [mcpLegacyCall] },
  { server: 'portico-traced', workload: 'REST call', requests: [restAdd] },
  { server: 'portico-traced', workload: 'MCP call 2026', requests: [mcpModernCall] },
  { server: 'tmcp', workload: 'MCP call 2025', requests: [mcpLegacyCall] },
  ...['portico', ...peersOfBothEras].flatMap((server) => [
    { server, workload: 'MCP mixed 2025', requests: mixed(mcpLegacyList, mcpLegacyCall) },
    { server, workload: 'MCP mixed 2026', requests: mixed(mcpModernList, mcpModernCall) },
  ]),
  { server: 'fastmcp', workload: 'MCP mixed 2025', requests: mixed(mcpLegacyList, mcpLegacyCall) },
  { server: 'tmcp', workload: 'MCP mixed 2025', requests: mixed(mcpLegacyList, mcpLegacyCall) },
]

/** A Node binary the servers run on. */
interface NodeBinary {
  /** As printed: `Node 22.23.3`. */
  node: string
  binary: string
  /** The Node running the bench: it alone also runs the peers, growth, dev loop and docs site. */
  current: boolean
}

/** What the servers measured on one Node. */
interface MeasuredLeg extends NodeBinary {
  /** Each row's median run of the rounds (peers: their one run). */
  throughput: MedianRow<ThroughputRow>[]
  catalog: MedianRow<CatalogRow>[]
  coldStart: Record<string, ColdStartResult>
}

/** One Node's figures and the targets judged on them. */
interface NodeLeg extends MeasuredLeg {
  targets: TargetResult[]
}

/** The figures measured once per run, on the current Node. */
interface OnceOnly {
  devLoop: DevLoopResult
  docsSite: DocsSiteFigures | undefined
  growth: GrowthRow[]
}

async function main(): Promise<void> {
  const started = performance.now()
  const nodes = await nodeBinaries()
  console.log(
    `Portico bench, servers on ${nodes.map((each) => each.node).join(' and ')}: ${load.connections} connections, ${load.durationSeconds} s per run after ${load.warmupSeconds} s of warm-up, load by ${loadGenerator}; ${cpuPinning}; ${loadCpuIdleLine}\n`,
  )
  await exec(process.execPath, [cliPath, 'build', calcDir])
  await exec(process.execPath, [cliPath, 'build', catalogDir])
  const compiled = await compileServers()
  const entry = (server: string) => {
    const file = compiled.get(server)
    if (!file) throw new Error(`no server file for ${server}`)
    return file
  }

  const issuer = await startBenchIssuer()
  const allScenarios = [
    ...scenarios,
    ...(await authenticatedScenarios(issuer)),
    ...(await isolatedScenarios()),
  ]
  const measured: MeasuredLeg[] = []
  try {
    for (const node of nodes) {
      console.log(node.node)
      const rows: ThroughputRow[] = []
      const catalogRows: CatalogRow[] = []
      // Round 1 measures every row; later rounds only those the targets read and the isolated
      // row compared with one of them (peers run once).
      const wakeLoadCpu = keepLoadCpuAwake()
      for (let round = 1; round <= rounds; round++) {
        if (rounds > 1) console.log(` round ${round} of ${rounds}`)
        const chosen = allScenarios.filter(
          (scenario) =>
            runsIn(scenario.server, node, round) &&
            (onlyRows === undefined || onlyRows.test(`${scenario.server} ${scenario.workload}`)),
        )
        for (const scenario of chosen)
          rows.push(await measureScenario(scenario, entry(scenario.server), node.binary))
        if (onlyRows === undefined) {
          catalogRows.push(
            ...(await measureCatalog(
              entry('portico-catalog'),
              entry('bare-node'),
              load,
              node.binary,
            )),
          )
        }
      }
      wakeLoadCpu()
      const throughput = medianRuns(rows, (row) => `${row.server} ${row.workload}`)
      const catalog = medianRuns(catalogRows, (row) => `${row.shaping} ${row.workload}`)
      const coldStart = onlyRows === undefined ? await measureColdStarts(entry, node) : {}
      measured.push({ ...node, throughput, catalog, coldStart })
    }
  } finally {
    await issuer.close()
  }
  if (onlyRows !== undefined) {
    for (const leg of measured) printThroughput(leg)
    for (const leg of measured) printIsolation(leg)
    for (const leg of measured) printTracingCost(leg)
    return
  }

  const once: OnceOnly = {
    devLoop: await measureDevLoop(cliPath, calcDir, resolve(generatedDir, 'dev-loop')),
    docsSite: await measureDocsSite(cliPath, calcDir),
    growth: [],
  }
  for (const size of growthSizes) {
    once.growth.push(
      await measureGrowth(cliPath, resolve(generatedDir, `growth-${size}`), size, mcpLegacyList),
    )
  }
  const legs: NodeLeg[] = measured.map((leg) => ({
    ...leg,
    targets: evaluateTargets({ ...leg, ...once }),
  }))

  for (const leg of legs) printThroughput(leg)
  for (const leg of legs) printIsolation(leg)
  for (const leg of legs) printTracingCost(leg)
  printColdStart(legs)
  printOnceOnly(once, nodes.find((each) => each.current)?.node ?? '')
  for (const leg of legs) printCatalog(leg)
  printTargets(legs)

  const results = {
    date: new Date().toISOString(),
    load: { ...load, generator: loadGenerator },
    cpuPinning,
    loadCpuIdle,
    servers,
    legs: legs.map(({ binary: _binary, ...leg }) => leg),
    ...once,
  }
  const resultsDir = resolve(import.meta.dirname, 'results')
  await mkdir(resultsDir, { recursive: true })
  const name =
    process.env.BENCH_BASELINE === '1'
      ? 'baseline.json'
      : `${results.date.replaceAll(':', '-')}.json`
  await writeFile(resolve(resultsDir, name), `${JSON.stringify(results, null, 2)}\n`)
  console.log(
    `\nWrote bench/results/${name} in ${Math.round((performance.now() - started) / 1000)} s`,
  )
}

/**
 * This Node, then Node 22 as the tests install it (the registry's `node` package, pinned in
 * `external-tools.ts`), unless `BENCH_NODES=current` or this Node is that one.
 */
async function nodeBinaries(): Promise<NodeBinary[]> {
  const label = (version: string) => `Node ${version.replace(/^v/, '')}`
  const here: NodeBinary = { node: label(process.version), binary: process.execPath, current: true }
  if (nodesWanted === 'current') return [here]
  const { node: binary } = await ensureExternalTools()
  const version = (await exec(binary, ['--version'])).stdout.trim()
  if (version === process.version) return [here]
  return [here, { node: label(version), binary, current: false }]
}

/** One throughput row: the server on `node`, its answer checked, then the load. */
async function measureScenario(
  scenario: Scenario,
  entry: string,
  node: string,
): Promise<ThroughputRow> {
  const server = await startServerProcess([entry], scenario.env, node)
  try {
    await expectSum(server.origin, scenario.requests.at(-1) as LoadRequest)
    const result: LoadResult = await measureLoad(
      server.origin,
      scenario.requests,
      load,
      server.cpuMs,
    )
    if (result.errors + result.timeouts + result.non2xx > 0) {
      throw new Error(
        `${scenario.server} ${scenario.workload}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx`,
      )
    }
    console.log(
      `  ${scenario.server.padEnd(16)} ${scenario.workload.padEnd(15)} ${Math.round(result.requestsPerSecond)} req/s, ${result.serverCpuMsPerRequest} ms server CPU per request, server busy ${result.serverBusy}, load busy ${result.loadBusy}`,
    )
    return { ...scenario, ...result, peakRssMiB: server.peakRssMiB() }
  } finally {
    await server.stop()
  }
}

/** A server whose cold start is measured: how it is spawned, and the request that must answer. */
interface ColdStartCase {
  server: string
  args: (port: number) => string[]
  probe: LoadRequest
}

/**
 * Spawn to the first 200, 9 runs each, interleaved (the floor, then SDK v2 once, then Portico, nine
 * times over) so that a machine that slows down over the minute moves all alike: the floor and
 * Portico on every Node, SDK v2 on the current one.
 */
async function measureColdStarts(
  entry: (server: string) => string,
  node: NodeBinary,
): Promise<Record<string, ColdStartResult>> {
  const starts: ColdStartCase[] = [
    { server: 'bare-node', args: () => [entry('bare-node')], probe: restAdd },
    ...(node.current
      ? [{ server: 'sdk-v2', args: () => [entry('sdk-v2')], probe: mcpLegacyCall }]
      : []),
    {
      server: 'portico',
      args: (port) => [cliPath, 'start', calcDir, '--port', String(port)],
      probe: mcpLegacyCall,
    },
  ]
  const runs = new Map<string, number[]>()
  for (let round = 0; round < 9; round++) {
    for (const { server, args, probe } of starts) {
      const { runs: one } = await measureColdStart(args, probe, 1, node.binary)
      runs.set(server, [...(runs.get(server) ?? []), ...one])
    }
  }
  return Object.fromEntries(
    [...runs].map(([server, times]) => [server, { runs: times, median: median(times) }]),
  )
}

/**
 * Copies the calc plugin to `.generated/<name>` with `config` as its `portico.config.ts` and
 * builds it with the CLI (`env`: what the build needs besides this process's environment).
 * Returns the copy's directory.
 */
async function buildCalcVariant(
  name: string,
  config: string,
  env: Record<string, string> = {},
): Promise<string> {
  const pluginDir = resolve(generatedDir, name)
  await rm(pluginDir, { recursive: true, force: true })
  await cp(calcDir, pluginDir, { recursive: true, filter: (path) => !path.includes('.portico') })
  await writeFile(join(pluginDir, 'portico.config.ts'), `export default ${config}\n`)
  await exec(process.execPath, [cliPath, 'build', pluginDir], { env: { ...process.env, ...env } })
  return pluginDir
}

/**
 * REST and MCP `tools/call` with a valid RS256 token, on a copy of the calc plugin in mode
 * custom: the same tool and answers as the anonymous rows, plus the token check.
 */
async function authenticatedScenarios(issuer: BenchIssuer): Promise<Scenario[]> {
  const pluginDir = await buildCalcVariant('calc-auth', "{ auth: 'custom' }", issuer.env)
  const env = { ...issuer.env, BENCH_PLUGIN_DIR: pluginDir }
  const withToken = (request: LoadRequest): LoadRequest => ({
    ...request,
    headers: { ...request.headers, authorization: `Bearer ${issuer.token}` },
  })
  return [
    { server: 'portico-auth', workload: 'REST call', requests: [withToken(restAdd)], env },
    {
      server: 'portico-auth',
      workload: 'MCP call 2025',
      requests: [withToken(mcpLegacyCall)],
      env,
    },
  ]
}

/**
 * The REST call on a copy of the calc plugin with `server: { isolateTools: true }`: the same
 * tool and answers as the plain REST row, each call run in a worker thread of the pool.
 */
async function isolatedScenarios(): Promise<Scenario[]> {
  const pluginDir = await buildCalcVariant('calc-isolated', '{ server: { isolateTools: true } }')
  return [
    {
      server: 'portico-isolated',
      workload: 'REST call',
      requests: [restAdd],
      env: { BENCH_PLUGIN_DIR: pluginDir },
    },
  ]
}

async function expectSum(origin: string, request: LoadRequest): Promise<void> {
  const response = await fetch(`${origin}${request.path}`, {
    method: request.method,
    headers: request.headers,
    ...(request.body ? { body: request.body } : {}),
  })
  const text = await response.text()
  if (response.status !== 200 || !checkSum(text))
    throw new Error(`${origin}${request.path} answered ${response.status}: ${text.slice(0, 300)}`)
}

function printThroughput(leg: MeasuredLeg): void {
  console.log(
    `\nThroughput on ${leg.node} (${load.connections} connections; the run of the median CPU per request of ${rounds} interleaved rounds for bare-node and Portico, one run for peers)`,
  )
  console.log(
    formatTable(
      [
        'server',
        'workload',
        'req/s',
        'rounds req/s',
        'p50 ms',
        'p99 ms',
        'peak RSS MiB',
        'CPU ms/req',
        'rounds CPU ms/req',
        'server busy',
        'load busy',
        'setting',
      ],
      leg.throughput.map((row) => [
        row.server,
        row.workload,
        Math.round(row.requestsPerSecond),
        row.runs.join(', '),
        row.p50,
        row.p99,
        row.peakRssMiB,
        row.serverCpuMsPerRequest ?? '',
        row.cpuRuns.join(', '),
        row.serverBusy ?? '',
        row.loadBusy,
        servers[row.server] ?? '',
      ]),
    ),
  )
}

/**
 * What `server.isolateTools` costs: the isolated REST row against the plain one of the same
 * leg, by req/s and by server CPU time per request (all threads: the pool's workers count).
 * Printed only when the leg measured both rows.
 */
function printIsolation(leg: MeasuredLeg): void {
  const row = (server: string) =>
    leg.throughput.find((each) => each.server === server && each.workload === 'REST call')
  const plain = row('portico')
  const isolated = row('portico-isolated')
  if (!plain || !isolated) return
  const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100
  const cpu = (each: ThroughputRow) => each.serverCpuMsPerRequest ?? Number.NaN
  console.log(
    `\nTool isolation on ${leg.node}: the calc plugin's REST call with and without server.isolateTools (median runs)`,
  )
  console.log(
    formatTable(
      ['server', 'req/s', '× plain', 'server CPU ms/req', '× plain'],
      [
        ['portico', Math.round(plain.requestsPerSecond), 1, cpu(plain), 1],
        [
          'portico-isolated',
          Math.round(isolated.requestsPerSecond),
          ratio(isolated.requestsPerSecond, plain.requestsPerSecond),
          cpu(isolated),
          ratio(cpu(isolated), cpu(plain)),
        ],
      ],
    ),
  )
}

function printColdStart(legs: NodeLeg[]): void {
  console.log('\nCold start: spawn to first 200 on the tool call (9 runs each, interleaved)')
  const names = [...new Set(legs.flatMap((leg) => Object.keys(leg.coldStart)))]
  console.log(
    formatTable(
      ['server', ...legs.flatMap((leg) => [`${leg.node} median ms`, 'runs'])],
      names.map((name) => [
        name,
        ...legs.flatMap((leg) => {
          const result = leg.coldStart[name]
          return result ? [result.median, result.runs.join(', ')] : ['-', '-']
        }),
      ]),
    ),
  )
}

function printOnceOnly({ devLoop, docsSite, growth }: OnceOnly, node: string): void {
  console.log(`\nDev loop (portico dev, on ${node})`)
  console.log(
    formatTable(
      ['step', 'ms'],
      [
        ['spawn to first 200', devLoop.firstStart],
        ['tool file saved to new schema served', devLoop.toolSaveToSchema],
        ['portico.config.ts saved to the new config answering', devLoop.configSaveToRestart],
        [
          `requests failed meanwhile (of ${devLoop.requestsDuringRestart})`,
          devLoop.failedDuringRestart,
        ],
      ],
    ),
  )
  console.log(`\nGrowth (on ${node})`)
  console.log(
    formatTable(
      [
        'tools',
        'build ms',
        'start ms',
        'tools/list p50 ms',
        'open-api first ms',
        'open-api p50 ms',
        'peak RSS MiB',
      ],
      growth.map((row) => [
        row.tools,
        row.buildMs,
        row.startMs,
        row.toolsList.p50,
        row.openApi.first,
        row.openApi.p50,
        row.peakRssMiB,
      ]),
    ),
  )
  console.log(
    `\nDocs site (the calc plugin under portico start on ${node}, headless Chromium, 5 loads)`,
  )
  if (!docsSite) {
    console.log('not measured: no Chromium at /usr/bin/chromium')
    return
  }
  console.log(
    formatTable(
      ['first page JS, gzipped', 'scripts', 'first contentful paint ms', 'first render ms'],
      [
        [
          `${Math.round(docsSite.firstPageJsGzipBytes / 102.4) / 10} KiB`,
          docsSite.scripts,
          docsSite.firstContentfulPaintMs,
          docsSite.firstRenderMs,
        ],
      ],
    ),
  )
  console.log('\nLighthouse (mobile) on the docs site')
  console.log(formatLighthouse(docsSite.lighthouse))
}

function printCatalog({ node, catalog }: NodeLeg): void {
  console.log(
    `\nOutput shaping on ${node}: Catalog_items, 50 nested records with dates (${load.connections} connections)`,
  )
  const rps = (workload: string, shaping: string) =>
    catalog.find((row) => row.workload === workload && row.shaping === shaping)
      ?.requestsPerSecond ?? Number.NaN
  const workloads = [...new Set(catalog.map((row) => row.workload))]
  const bare = rps('REST call', 'bare')
  console.log(`bare node:http writing the same JSON by hand (REST): ${Math.round(bare)} req/s`)
  console.log(
    formatTable(
      ['workload', 'unshaped req/s', 'shaped req/s', 'shaped / unshaped', 'shaped / bare'],
      workloads.map((workload) => [
        workload,
        Math.round(rps(workload, 'off')),
        Math.round(rps(workload, 'on')),
        Math.round((rps(workload, 'on') / rps(workload, 'off')) * 100) / 100,
        Math.round((rps(workload, 'on') / bare) * 100) / 100,
      ]),
    ),
  )
}

/** One row per target, one column per Node; a once-only figure sits in the current Node's column. */
function printTargets(legs: NodeLeg[]): void {
  const current = legs.find((leg) => leg.current)?.node ?? ''
  const cell = (target: TargetResult | undefined, leg: NodeLeg) => {
    if (!target) return '-'
    if (target.once && !leg.current) return `(once, on ${current})`
    return `${target.measured} ${target.met ? '✔' : '✘'}`
  }
  console.log(
    `\nTargets\n${formatTable(
      ['target', ...legs.map((leg) => leg.node)],
      (legs[0]?.targets ?? []).map((target, index) => [
        target.name,
        ...legs.map((leg) => cell(leg.targets[index], leg)),
      ]),
    )}`,
  )
}

await main()
