// The load generator, in a process of its own so that it does not share the server's CPU time
// slices or event loop. Reads its options as JSON from argv[2]; prints autocannon's result JSON.
import autocannon from 'autocannon'

interface LoadRequest {
  method: string
  path: string
  headers: Record<string, string>
  body?: string
}

interface LoadOptions {
  url: string
  connections: number
  durationSeconds: number
  requests: LoadRequest[]
}

const options = JSON.parse(process.argv[2] ?? '{}') as LoadOptions
const result = await autocannon({
  url: options.url,
  connections: options.connections,
  duration: options.durationSeconds,
  // autocannon cycles through the list: one tools/list per nine tools/call, for example.
  requests: options.requests as autocannon.Request[],
})
process.stdout.write(
  JSON.stringify({
    requestsPerSecond: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  }),
)
