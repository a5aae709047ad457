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
// autocannon's own percentiles are whole milliseconds (its histogram's smallest step is 1 ms),
// too coarse for a 3 ms p99: every 2xx answer's latency is kept here, to the microsecond.
const latencies: number[] = []
// Its own CPU time over the run, for how busy the generator was (its start-up left out).
const cpuBefore = process.cpuUsage()
const result = await new Promise<autocannon.Result>((resolve, reject) => {
  const instance = autocannon(
    {
      url: options.url,
      connections: options.connections,
      duration: options.durationSeconds,
      // autocannon cycles through the list: one tools/list per nine tools/call, for example.
      requests: options.requests as autocannon.Request[],
    },
    (error, finished) => (error ? reject(error) : resolve(finished)),
  )
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime)
  })
})
const cpu = process.cpuUsage(cpuBefore)
latencies.sort((a, b) => a - b)
const percentile = (fraction: number) =>
  Math.round(
    (latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * fraction))] ??
      Number.NaN) * 100,
  ) / 100
process.stdout.write(
  JSON.stringify({
    requestsPerSecond: result.requests.average,
    total: result.requests.total,
    p50: percentile(0.5),
    p99: percentile(0.99),
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    loadBusy:
      Math.round(((cpu.user + cpu.system) / 1000 / (options.durationSeconds * 1000)) * 100) / 100,
  }),
)
