/** A row measured in several rounds: the run with the median rate, and every round's rate. */
export type MedianRow<Row> = Row & { runs: number[] }

/**
 * Of each row measured in several rounds (rows of the same `key`), the run with the median
 * request rate, with all its figures, and the rates of all rounds in `runs`. Rows keep the order
 * of their first round. One machine's noise moves a single 5 s run by up to 30 %; the median of
 * interleaved rounds moves much less.
 */
export function medianRuns<Row extends { requestsPerSecond: number }>(
  rows: readonly Row[],
  key: (row: Row) => string,
): MedianRow<Row>[] {
  const groups = new Map<string, Row[]>()
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row])
  return [...groups.values()].map((group) => {
    const sorted = [...group].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)
    const median = sorted[Math.floor((sorted.length - 1) / 2)] as Row
    return { ...median, runs: group.map((row) => Math.round(row.requestsPerSecond)) }
  })
}
