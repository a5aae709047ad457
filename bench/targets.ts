import type { GrowthRow } from './lib/measure-growth.js'
import type { LoadRequest, LoadResult } from './lib/measure-load.js'

/** One measured throughput scenario. */
export interface ThroughputRow extends LoadResult {
  server: string
  workload: string
  requests: LoadRequest[]
  peakRssMiB: number
}

/** A target of the benchmark issue with what this run measured. */
export interface TargetResult {
  name: string
  measured: string
  met: boolean
}

/** Checks the targets against one run's figures. */
export function evaluateTargets(
  throughput: ThroughputRow[],
  coldStart: Record<string, { median: number }>,
  growth: GrowthRow[],
): TargetResult[] {
  const rps = (server: string, workload: string) =>
    throughput.find((row) => row.server === server && row.workload === workload)
      ?.requestsPerSecond ?? Number.NaN
  const p99 = (server: string, workload: string) =>
    throughput.find((row) => row.server === server && row.workload === workload)?.p99 ?? Number.NaN
  const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100
  const results: TargetResult[] = []
  for (const era of ['2025', '2026']) {
    const vsSdk = ratio(rps('portico', `MCP call ${era}`), rps('sdk-v2', `MCP call ${era}`))
    results.push({
      name: `MCP call ${era}: Portico ≥ 1.5 × SDK v2`,
      measured: `${vsSdk} ×`,
      met: vsSdk >= 1.5,
    })
    const vsTmcp = ratio(rps('portico', `MCP call ${era}`), rps('tmcp', 'MCP call 2025'))
    results.push({
      name: `MCP call ${era}: Portico ≥ 1 × tmcp (2025)`,
      measured: `${vsTmcp} ×`,
      met: vsTmcp >= 1,
    })
  }
  for (const workload of ['REST call', 'MCP call 2025']) {
    const authRatio = ratio(rps('portico-auth', workload), rps('portico', workload))
    results.push({
      name: `${workload} with an RS256 token ≥ 0.85 × anon`,
      measured: `${authRatio} ×`,
      met: authRatio >= 0.85,
    })
  }
  const restRatio = ratio(rps('portico', 'REST call'), rps('bare-node', 'REST call'))
  results.push({
    name: 'REST: Portico ≥ 0.6 × bare node:http',
    measured: `${restRatio} ×`,
    met: restRatio >= 0.6,
  })
  const p99Ratio = ratio(p99('portico', 'REST call'), p99('bare-node', 'REST call'))
  results.push({
    name: 'REST p99: Portico ≤ 2 × bare node:http',
    measured: `${p99Ratio} ×`,
    met: p99Ratio <= 2,
  })
  const startRatio = ratio(
    coldStart.portico?.median ?? Number.NaN,
    coldStart['sdk-v2']?.median ?? Number.NaN,
  )
  results.push({
    name: 'Cold start: Portico ≤ 1.5 × SDK v2',
    measured: `${startRatio} ×`,
    met: startRatio <= 1.5,
  })
  const big = growth.find((row) => row.tools === 1000)
  if (big) {
    results.push({
      name: '1,000 tools: tools/list p50 < 10 ms',
      measured: `${big.toolsList.p50} ms`,
      met: big.toolsList.p50 < 10,
    })
    results.push({
      name: '1,000 tools: start < 1 s',
      measured: `${big.startMs} ms`,
      met: big.startMs < 1000,
    })
  }
  return results
}
