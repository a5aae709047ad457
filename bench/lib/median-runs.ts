/** A row measured in several rounds: the median run, and every round's rate and CPU per request. */
export type MedianRow<Row> = Row & { runs: number[]; cpuRuns: number[] }

/** What {@link medianRuns} reads of a row. */
interface MeasuredRun {
  requestsPerSecond: number
  serverCpuMsPerRequest?: number
}

/**
 * Of each row measured in several rounds (rows of the same `key`), the median run, with all its
 * figures, and every round's rate in `runs` and CPU per request in `cpuRuns`. Rows keep the order
 * of their first round. The median is by server CPU per request where every round measured it:
 * the targets judge that figure, and a round slowed by the machine (a rate 20 % low) can leave it
 * as it is, or not, so the run of the median rate need not hold the median CPU. Else by rate.
 * One machine's noise moves a single 5 s run by up to 30 %; the median of interleaved rounds
 * moves much less.
 */
export function medianRuns<Row extends MeasuredRun>(
  rows: readonly Row[],
  key: (row: Row) => string,
): MedianRow<Row>[] {
  const groups = new Map<string, Row[]>()
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row])
  return [...groups.values()].map((group) => {
    const byCpu = group.every((row) => row.serverCpuMsPerRequest !== undefined)
    const sorted = [...group].sort((a, b) =>
      byCpu
        ? (a.serverCpuMsPerRequest ?? 0) - (b.serverCpuMsPerRequest ?? 0)
        : a.requestsPerSecond - b.requestsPerSecond,
    )
    const median = sorted[Math.floor((sorted.length - 1) / 2)] as Row
    return {
      ...median,
      runs: group.map((row) => Math.round(row.requestsPerSecond)),
      cpuRuns: group.flatMap((row) => row.serverCpuMsPerRequest ?? []),
    }
  })
}
