/** Latency percentiles of sequential requests, in milliseconds. */
export interface LatencySample {
  first: number
  p50: number
  p99: number
}

/** Sends `count` requests one after another and reports the first and the percentiles. */
export async function sampleLatency(
  send: () => Promise<Response>,
  count: number,
): Promise<LatencySample> {
  const times: number[] = []
  for (let i = 0; i < count; i++) {
    const started = performance.now()
    const response = await send()
    await response.arrayBuffer()
    if (!response.ok) throw new Error(`request failed with ${response.status}`)
    times.push(performance.now() - started)
  }
  const first = times[0] ?? 0
  const sorted = [...times].sort((a, b) => a - b)
  return {
    first: round(first),
    p50: round(percentile(sorted, 0.5)),
    p99: round(percentile(sorted, 0.99)),
  }
}

/** The value at quantile `q` of sorted numbers. */
export function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
}

/** The median of numbers. */
export function median(values: number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  )
}

/** Two decimals for milliseconds. */
export function round(value: number): number {
  return Math.round(value * 100) / 100
}
