// `npm run bench`: Portico against its peers and the bare node:http floor, measured in one run
// on this machine, and the targets of the benchmark issue, each with its measured ratio.
import { execFile } from 'node:child_process'
import { cp, mkdir, rm, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { type CatalogRow, measureCatalog } from './catalog-workload.js'
import { type BenchIssuer, startBenchIssuer } from './lib/bench-issuer.js'
import { compileServers } from './lib/compile-servers.js'
import { formatTable } from './lib/format-table.js'
import { measureColdStart } from './lib/measure-cold-start.js'
import { measureDevLoop } from './lib/measure-dev-loop.js'
import { type DocsSiteFigures, measureDocsSite } from './lib/measure-docs-site.js'
import { type GrowthRow, measureGrowth } from './lib/measure-growth.js'
import { type LoadRequest, type LoadResult, measureLoad } from './lib/measure-load.js'
import { startServerProcess } from './lib/server-process.js'
import {
  checkSum,
  mcpLegacyCall,
  mcpLegacyList,
  mcpModernCall,
  mcpModernList,
  restAdd,
} from './requests.js'
import { evaluateTargets, type ThroughputRow } from './targets.js'

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
const growthSizes = (process.env.BENCH_GROWTH ?? '10,100,1000,10000').split(',').map(Number)
/** `BENCH_ROWS=<regex>`: only the throughput rows whose "server workload" matches, nothing else. */
const onlyRows =
  process.env.BENCH_ROWS === undefined ? undefined : new RegExp(process.env.BENCH_ROWS)

/** Who serves, and with which documented production setting. */
const servers: Record<string, string> = {
  'bare-node': 'node:http by hand, Content-Length set (the floor)',
  portico:
    'portico start on a built plugin (REST on the node:http edge; MCP stateless, JSON answers)',
  'sdk-v2':
    "createMcpHandler, responseMode 'json' (2025 leg: its stateless SSE fallback), McpServer + zod",
  fastmcp: 'httpStream { stateless: true, enableJsonResponse: true } (2025 revisions only)',
  tmcp: 'HttpTransport + zod adapter (SSE answers; no JSON option)',
  'portico-auth': 'as portico, in mode custom: an RS256 bearer token verified on every call',
}

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
const scenarios: Scenario[] = [
  { server: 'bare-node', workload: 'REST call', requests: [restAdd] },
  { server: 'portico', workload: 'REST call', requests: [restAdd] },
  { server: 'portico', workload: 'MCP call 2025', requests: [mcpLegacyCall] },
  { server: 'portico', workload: 'MCP call 2026', requests: [mcpModernCall] },
  { server: 'sdk-v2', workload: 'MCP call 2025', requests: [mcpLegacyCall] },
  { server: 'sdk-v2', workload: 'MCP call 2026', requests: [mcpModernCall] },
  { server: 'fastmcp', workload: 'MCP call 2025', requests: [mcpLegacyCall] },
  { server: 'tmcp', workload: 'MCP call 2025', requests: [mcpLegacyCall] },
  { server: 'portico', workload: 'MCP mixed 2025', requests: mixed(mcpLegacyList, mcpLegacyCall) },
  { server: 'portico', workload: 'MCP mixed 2026', requests: mixed(mcpModernList, mcpModernCall) },
  { server: 'sdk-v2', workload: 'MCP mixed 2025', requests: mixed(mcpLegacyList, mcpLegacyCall) },
  { server: 'sdk-v2', workload: 'MCP mixed 2026', requests: mixed(mcpModernList, mcpModernCall) },
  { server: 'fastmcp', workload: 'MCP mixed 2025', requests: mixed(mcpLegacyList, mcpLegacyCall) },
  { server: 'tmcp', workload: 'MCP mixed 2025', requests: mixed(mcpLegacyList, mcpLegacyCall) },
]

async function main(): Promise<void> {
  const started = performance.now()
  console.log(
    `Portico bench on Node ${process.version}: ${load.connections} connections, ${load.durationSeconds} s per run after ${load.warmupSeconds} s of warm-up\n`,
  )
  await exec(process.execPath, [cliPath, 'build', calcDir])
  await exec(process.execPath, [cliPath, 'build', catalogDir])
  const compiled = await compileServers()

  const issuer = await startBenchIssuer()
  const authScenarios = await authenticatedScenarios(issuer)
  const throughput: ThroughputRow[] = []
  const chosen = [...scenarios, ...authScenarios].filter(
    (scenario) =>
      onlyRows === undefined || onlyRows.test(`${scenario.server} ${scenario.workload}`),
  )
  for (const scenario of chosen) {
    const entry = compiled.get(scenario.server)
    if (!entry) throw new Error(`no server file for ${scenario.server}`)
    const server = await startServerProcess([entry], scenario.env)
    try {
      await expectSum(server.origin, scenario.requests.at(-1) as LoadRequest)
      const result: LoadResult = await measureLoad(server.origin, scenario.requests, load)
      if (result.errors + result.timeouts + result.non2xx > 0) {
        throw new Error(
          `${scenario.server} ${scenario.workload}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx`,
        )
      }
      throughput.push({ ...scenario, ...result, peakRssMiB: server.peakRssMiB() })
      console.log(
        `  ${scenario.server.padEnd(9)} ${scenario.workload.padEnd(15)} ${Math.round(result.requestsPerSecond)} req/s`,
      )
    } finally {
      await server.stop()
    }
  }

  await issuer.close()
  if (onlyRows !== undefined) return printThroughput(throughput)
  const catalog = await measureCatalog(
    compiled.get('portico-catalog') ?? '',
    compiled.get('bare-node') ?? '',
    load,
  )

  const probe = (request: LoadRequest) => request
  const coldStart = {
    'bare-node': await measureColdStart(() => [compiled.get('bare-node') ?? ''], probe(restAdd), 5),
    'sdk-v2': await measureColdStart(() => [compiled.get('sdk-v2') ?? ''], probe(mcpLegacyCall), 5),
    portico: await measureColdStart(
      (port) => [cliPath, 'start', calcDir, '--port', String(port)],
      probe(mcpLegacyCall),
      5,
    ),
  }
  const devLoop = await measureDevLoop(cliPath, calcDir, resolve(generatedDir, 'dev-loop'))
  const docsSite = await measureDocsSite(cliPath, calcDir)
  const growth: GrowthRow[] = []
  for (const size of growthSizes) {
    growth.push(
      await measureGrowth(cliPath, resolve(generatedDir, `growth-${size}`), size, mcpLegacyList),
    )
  }

  printReport(throughput, coldStart, devLoop, growth)
  printDocsSite(docsSite)
  printCatalog(catalog)
  const targets = evaluateTargets({ throughput, coldStart, growth, devLoop, catalog, docsSite })
  console.log(
    `\nTargets\n${formatTable(
      ['target', 'measured', 'met'],
      targets.map((t) => [t.name, t.measured, t.met ? '✔' : '✘']),
    )}`,
  )

  const results = {
    date: new Date().toISOString(),
    node: process.version,
    load,
    servers,
    throughput,
    catalog,
    coldStart,
    devLoop,
    docsSite,
    growth,
    targets,
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
 * REST and MCP `tools/call` with a valid RS256 token, on a copy of the calc plugin in mode
 * custom: the same tool and answers as the anonymous rows, plus the token check.
 */
async function authenticatedScenarios(issuer: BenchIssuer): Promise<Scenario[]> {
  const pluginDir = resolve(generatedDir, 'calc-auth')
  await rm(pluginDir, { recursive: true, force: true })
  await cp(calcDir, pluginDir, { recursive: true, filter: (path) => !path.includes('.portico') })
  await writeFile(join(pluginDir, 'portico.config.ts'), "export default { auth: 'custom' }\n")
  await exec(process.execPath, [cliPath, 'build', pluginDir], {
    env: { ...process.env, ...issuer.env },
  })
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

function printDocsSite(figures: DocsSiteFigures | undefined): void {
  console.log('\nDocs site (the calc plugin under portico start, headless Chromium, 5 loads)')
  if (!figures) {
    console.log('not measured: no Chromium at /usr/bin/chromium')
    return
  }
  console.log(
    formatTable(
      ['first page JS, gzipped', 'scripts', 'first contentful paint ms', 'first render ms'],
      [
        [
          `${Math.round(figures.firstPageJsGzipBytes / 102.4) / 10} KiB`,
          figures.scripts,
          figures.firstContentfulPaintMs,
          figures.firstRenderMs,
        ],
      ],
    ),
  )
}

function printCatalog(rows: CatalogRow[]): void {
  console.log(
    `\nOutput shaping: Catalog_items, 50 nested records with dates (${load.connections} connections)`,
  )
  const rps = (workload: string, shaping: string) =>
    rows.find((row) => row.workload === workload && row.shaping === shaping)?.requestsPerSecond ??
    Number.NaN
  const workloads = [...new Set(rows.map((row) => row.workload))]
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

function printReport(
  throughput: ThroughputRow[],
  coldStart: Record<string, { runs: number[]; median: number }>,
  devLoop: Awaited<ReturnType<typeof measureDevLoop>>,
  growth: GrowthRow[],
): void {
  printThroughput(throughput)
  console.log('\nCold start: spawn to first 200 on the tool call (5 runs)')
  console.log(
    formatTable(
      ['server', 'median ms', 'runs'],
      Object.entries(coldStart).map(([name, r]) => [name, r.median, r.runs.join(', ')]),
    ),
  )
  console.log('\nDev loop (portico dev)')
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
  console.log('\nGrowth')
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
}

function printThroughput(throughput: ThroughputRow[]): void {
  console.log(`\nThroughput (${load.connections} connections)`)
  console.log(
    formatTable(
      ['server', 'workload', 'req/s', 'p50 ms', 'p99 ms', 'peak RSS MiB', 'setting'],
      throughput.map((row) => [
        row.server,
        row.workload,
        Math.round(row.requestsPerSecond),
        row.p50,
        row.p99,
        row.peakRssMiB,
        servers[row.server] ?? '',
      ]),
    ),
  )
}

await main()
