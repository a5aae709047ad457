// Latency of sequential requests from a process of its own, as the throughput rows' load
// generator runs: sampled from the bench's own process, unpinned, the same 6.4 MB answer read
// 48-52 ms, against 11-12 ms from here on the load generator's CPU. Reads its options as JSON
// from argv[2]; prints a LatencySample as JSON.
import { sampleLatency } from '../lib/sample-latency.js'

interface SampleOptions {
  url: string
  method: string
  headers: Record<string, string>
  body?: string
  count: number
}

const options = JSON.parse(process.argv[2] ?? '{}') as SampleOptions
const { url, method, headers, body, count } = options
const sample = await sampleLatency(
  () => fetch(url, { method, headers, ...(body === undefined ? {} : { body }) }),
  count,
)
process.stdout.write(JSON.stringify(sample))
