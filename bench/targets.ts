import type { CatalogRow } from './catalog-workload.js'
import type { DevLoopResult } from './lib/measure-dev-loop.js'
import type { DocsSiteFigures } from './lib/measure-docs-site.js'
import type { GrowthRow } from './lib/measure-growth.js'
import type { LoadRequest, LoadResult } from './lib/measure-load.js'

/** One measured throughput scenario. */
export interface ThroughputRow extends LoadResult {
  server: string
  workload: string
  requests: LoadRequest[]
  peakRssMiB: number
}

/** A target of the performance issue with what this run measured. */
export interface TargetResult {
  name: string
  measured: string
  met: boolean
  /** Judged on figures the run measures once, on the current Node, not on every Node leg. */
  once: boolean
}

/** Everything of one run that the targets are judged on. */
export interface RunFigures {
  throughput: ThroughputRow[]
  coldStart: Record<string, { median: number }>
  growth: GrowthRow[]
  devLoop: DevLoopResult
  catalog: CatalogRow[]
  /** Undefined when the run had no Chromium. */
  docsSite: DocsSiteFigures | undefined
}

/** The targets judged on figures measured once per run: growth, dev loop, docs site. */
const ONCE_ONLY = new Set(['6', '7', '9'])

/** The size of the growth target: its row must be in the run (`BENCH_GROWTH`). */
const GROWTH_TARGET_TOOLS = 10_000

const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100

/**
 * Checks the targets of the second performance issue against one run, each a ratio against the
 * floor (bare `node:http`) or a bound, printed with ✔ or ✘. A target this run could not measure
 * is ✘ with the reason, never left out. Called once per Node leg, with that leg's throughput,
 * cold start and catalog and the run's once-only figures (growth, dev loop, docs site).
 */
export function evaluateTargets(run: RunFigures): TargetResult[] {
  const { throughput, coldStart, growth, devLoop, catalog, docsSite } = run
  const row = (server: string, workload: string) =>
    throughput.find((each) => each.server === server && each.workload === workload)
  const rps = (server: string, workload: string) =>
    row(server, workload)?.requestsPerSecond ?? Number.NaN
  const bareRest = rps('bare-node', 'REST call')
  const results: TargetResult[] = []
  const judge = (name: string, measured: string, met: boolean) =>
    results.push({ name, measured, met, once: ONCE_ONLY.has(name.split('.')[0] ?? '') })
  const atLeast = (name: string, value: number, bound: number, unit = ' ×') =>
    judge(name, `${value}${unit}`, value >= bound)
  const atMost = (name: string, value: number, bound: number, unit = ' ×') =>
    judge(name, `${value}${unit}`, value <= bound)

  atLeast(
    '1. REST tools/call ≥ 0.85 × bare node:http',
    ratio(rps('portico', 'REST call'), bareRest),
    0.85,
  )
  atMost(
    '1. REST p99 ≤ 1.5 × bare node:http',
    ratio(row('portico', 'REST call')?.p99 ?? Number.NaN, row('bare-node', 'REST call')?.p99 ?? 0),
    1.5,
  )
  for (const era of ['2025', '2026']) {
    atLeast(
      `2. MCP tools/call ${era} ≥ 0.5 × bare node:http REST`,
      ratio(rps('portico', `MCP call ${era}`), bareRest),
      0.5,
    )
  }
  atMost(
    '3. Cold start to the first tools/call ≤ 1.6 × bare node:http',
    ratio(coldStart.portico?.median ?? Number.NaN, coldStart['bare-node']?.median ?? Number.NaN),
    1.6,
  )
  atMost(
    '4. Peak RSS under REST load ≤ 1.3 × bare node:http',
    ratio(
      row('portico', 'REST call')?.peakRssMiB ?? Number.NaN,
      row('bare-node', 'REST call')?.peakRssMiB ?? Number.NaN,
    ),
    1.3,
  )
  for (const workload of ['REST call', 'MCP call 2025']) {
    atLeast(
      `5. ${workload} with an RS256 token ≥ 0.85 × anon`,
      ratio(rps('portico-auth', workload), rps('portico', workload)),
      0.85,
    )
  }
  const big = growth.find((each) => each.tools === GROWTH_TARGET_TOOLS)
  if (big) {
    atMost('6. 10,000 tools: tools/list p50 < 10 ms', big.toolsList.p50, 9.99, ' ms')
    atMost('6. 10,000 tools: /open-api.json p50 < 50 ms', big.openApi.p50, 49.99, ' ms')
    atMost('6. 10,000 tools: start < 1 s', big.startMs, 999, ' ms')
    atMost('6. 10,000 tools: build < 20 s', big.buildMs, 19_999, ' ms')
  } else {
    judge('6. 10,000 tools', `not measured: BENCH_GROWTH lacks ${GROWTH_TARGET_TOOLS}`, false)
  }
  atMost('7. Dev loop: tool saved to new schema < 300 ms', devLoop.toolSaveToSchema, 299, ' ms')
  atMost('7. Dev loop: config saved to answering < 1 s', devLoop.configSaveToRestart, 999, ' ms')
  atMost(
    `7. Dev loop: requests failed during the restart (of ${devLoop.requestsDuringRestart})`,
    devLoop.failedDuringRestart,
    0,
    '',
  )
  const catalogRps = (workload: string, shaping: CatalogRow['shaping']) =>
    catalog.find((each) => each.workload === workload && each.shaping === shaping)
      ?.requestsPerSecond ?? Number.NaN
  for (const workload of ['REST call', 'MCP call 2025', 'MCP call 2026']) {
    atLeast(
      `8. 50 nested records with dates, ${workload} ≥ 0.8 × bare node:http`,
      ratio(catalogRps(workload, 'on'), catalogRps('REST call', 'bare')),
      0.8,
    )
  }
  // A figure to print, with no bound: met once measured.
  judge(
    '9. Docs site: first page gzipped JS and time to first render',
    docsSite
      ? `${Math.round(docsSite.firstPageJsGzipBytes / 1024)} KiB, ${docsSite.firstRenderMs} ms`
      : 'not measured: no Chromium',
    docsSite !== undefined,
  )
  return results
}
