import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildReplicaPlugin } from '../scale/replicas.js'
import { type CliProcess, freePort, pollUntil, runCli } from '../support/cli-process.js'
import { type Prometheus, startPrometheus } from './prometheus.js'

// `portico start` with its metrics port on (PORTICO_METRICS_PORT), real REST and MCP traffic,
// and Debian's Prometheus scraping it with deploy/prometheus/prometheus.yml (its own ports put
// in): the request counter and the duration histogram read back through Prometheus' HTTP API.

const TOKEN = 'secret-token-7f3a9c'
const INPUT_MARK = 'input-mark-13579'

let plugin: Awaited<ReturnType<typeof buildReplicaPlugin>>
let cli: CliProcess
let prometheus: Prometheus | undefined
let baseUrl: string
let metricsUrl: string

beforeAll(async () => {
  plugin = await buildReplicaPlugin('stateless')
  const [port, metricsPort] = [await freePort(), await freePort()]
  cli = runCli(['start', plugin.dir], {
    PORT: String(port),
    HOST: '127.0.0.1',
    PORTICO_METRICS_PORT: String(metricsPort),
  })
  await cli.waitForOutput(/Ready in \d+ ms/)
  baseUrl = `http://127.0.0.1:${port}`
  metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`
  for (let i = 0; i < 5; i += 1) {
    const answer = await fetch(`${baseUrl}/api/Replica/whoami`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    expect(answer.status).toBe(200)
  }
  const withToken = await fetch(`${baseUrl}/api/Replica/say`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
    body: JSON.stringify({ level: 'info', text: INPUT_MARK }),
  })
  // The answer echoes the input: neither may reach a scrape.
  expect(await withToken.text()).toContain(INPUT_MARK)
  const mcp = await fetch(`${baseUrl}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${TOKEN}`,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
  })
  await mcp.body?.cancel()
  expect((await fetch(`${baseUrl}/healthz`)).status).toBe(200)
  prometheus = await startPrometheus(`127.0.0.1:${metricsPort}`)
}, 120_000)

afterAll(async () => {
  await prometheus?.stop()
  await cli?.stop()
  await plugin?.remove()
})

describe('portico start with PORTICO_METRICS_PORT, scraped by Prometheus', () => {
  it('reads the request counter of the REST tool through the Prometheus HTTP API', async () => {
    const samples = await pollUntil(async () => {
      const found = await prometheus?.query(
        'portico_requests_total{portico_surface="rest",portico_tool="Replica_whoami"}',
      )
      return found && found.length > 0 ? found : undefined
    })
    expect(samples).toHaveLength(1)
    expect(samples[0]?.value).toBe(5)
    expect(samples[0]?.metric).toMatchObject({
      job: 'portico',
      http_request_method: 'POST',
      http_route: '/api/Replica/whoami',
      portico_status_class: '2xx',
    })
  })

  it('reads the duration histogram, its buckets and count per surface', async () => {
    const count = await pollUntil(async () => {
      const found = await prometheus?.query(
        'sum by (portico_surface) (http_server_request_duration_count)',
      )
      return found && found.length >= 3 ? found : undefined
    })
    const bySurface = Object.fromEntries(
      count.map((sample) => [sample.metric.portico_surface, sample.value]),
    )
    expect(bySurface).toMatchObject({ rest: 6, mcp: 1 })
    expect(bySurface.documents).toBeGreaterThanOrEqual(1)
    const buckets = await prometheus?.query(
      'http_server_request_duration_bucket{http_route="/api/Replica/whoami",le="+Inf"}',
    )
    expect(buckets?.map((sample) => sample.value)).toEqual([5])
    const median = await prometheus?.query(
      'histogram_quantile(0.5, sum by (le) (http_server_request_duration_bucket{portico_surface="rest"}))',
    )
    expect(median?.[0]?.value).toBeGreaterThan(0)
    expect(median?.[0]?.value).toBeLessThan(1)
  })

  it('never records a token, an input or a result in a scrape', async () => {
    const text = await (await fetch(metricsUrl)).text()
    expect(text).toContain('portico_requests_total')
    expect(text).toContain('portico_requests_shed_total')
    expect(text).toContain('portico_mcp_sessions')
    expect(text).not.toContain(TOKEN)
    expect(text).not.toContain(INPUT_MARK)
    expect(text).not.toContain('"pid"')
    // The pid as a number of its own: the same digits inside a float or a count are not it
    // (a scrape holds hundreds of numbers, and a 5-digit pid turned up inside one).
    expect(text).not.toMatch(new RegExp(`(?<![\\d.])${cli.child.pid}(?![\\d.])`))
  })
})
