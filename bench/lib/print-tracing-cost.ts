import type { ThroughputRow } from '../targets.js'
import { formatTable } from './format-table.js'

/**
 * What tracing costs: each `portico-traced` row (every request sampled, spans exported) against
 * the plain `portico` row of the same workload, by req/s and by server CPU time per request.
 * Prints nothing when the leg measured no such pair.
 */
export function printTracingCost(leg: { node: string; throughput: ThroughputRow[] }): void {
  const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100
  const cpu = (row: ThroughputRow) => row.serverCpuMsPerRequest ?? Number.NaN
  const pairs = leg.throughput
    .filter((row) => row.server === 'portico-traced')
    .flatMap((traced) => {
      const plain = leg.throughput.find(
        (row) => row.server === 'portico' && row.workload === traced.workload,
      )
      return plain ? [{ plain, traced }] : []
    })
  if (pairs.length === 0) return
  console.log(
    `\nTracing on ${leg.node}: the calc plugin with OTEL tracing sampled at 100% against off (median runs)`,
  )
  console.log(
    formatTable(
      ['workload', 'off req/s', 'on req/s', '× off', 'off CPU ms/req', 'on CPU ms/req', '× off'],
      pairs.map(({ plain, traced }) => [
        traced.workload,
        Math.round(plain.requestsPerSecond),
        Math.round(traced.requestsPerSecond),
        ratio(traced.requestsPerSecond, plain.requestsPerSecond),
        cpu(plain),
        cpu(traced),
        ratio(cpu(traced), cpu(plain)),
      ]),
    ),
  )
}
