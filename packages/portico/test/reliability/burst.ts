import { Agent, request as httpRequest } from 'node:http'
import { rawMcp } from '../support/raw-mcp.js'

/** Options of {@link burst}. */
export interface BurstOptions {
  /** How many calls of `Busy.spin` start at once. */
  calls: number
  /** How long each call spins the server's CPU. */
  spinMs: number
  /** When to probe `/healthz` and `/readyz` after the burst starts; default 20 ms. */
  probeAfterMs?: number
  /** Called once every call of the burst is sent, for more requests to meet the loaded server. */
  onSent?: () => void
  /** The surface the calls take: REST (default) or MCP `tools/call` on the 2026-07-28 wire. */
  surface?: 'rest' | 'mcp'
}

/** One call's answer. */
export interface BurstAnswer {
  status: number
  ms: number
  retryAfter: string | null
  /** The problem document's `type`, on a REST error. */
  type?: string
  /** The JSON-RPC error, on an MCP error. */
  error?: { code: number; message: string }
}

/** What a burst measured, latencies in milliseconds. */
export interface BurstFigures {
  answers: BurstAnswer[]
  p50Ms: number
  p99Ms: number
  maxMs: number
  healthzMs: number
  healthzStatus: number
  readyzMs: number
  readyzStatus: number
}

/**
 * Sends `calls` REST calls of `Busy.spin` at once, each on a connection of its own opened
 * beforehand (as a proxy's or a client's keep-alive pool holds them), and while they are under
 * way probes `/healthz` and `/readyz`; resolves once every call is answered.
 *
 * The connections are opened first because Node 20 accepts new connections one per event-loop
 * turn while the loop is busy: a burst of fresh connections would reach the server one at a
 * time, at the pace of its calls, and the test would measure the kernel's accept queue, which
 * no process can see (docs/deploy.md, "Overload", says so), rather than the server's shedding.
 */
export async function burst(url: string, options: BurstOptions): Promise<BurstFigures> {
  const call: Call =
    options.surface === 'mcp'
      ? {
          url: `${url}/mcp`,
          ...rawMcp(url, { era: '2026' }).prepare('tools/call', {
            name: 'Busy_spin',
            arguments: { ms: options.spinMs },
          }),
        }
      : {
          url: `${url}/api/Busy/spin`,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ms: options.spinMs }),
        }
  const pool = new Agent({ keepAlive: true, maxSockets: options.calls })
  try {
    // `/healthz` costs the server nothing: it is answered before any other work.
    await Promise.all(Array.from({ length: options.calls }, () => send(`${url}/healthz`, { pool })))
    return await measure(url, call, pool, options)
  } finally {
    pool.destroy()
  }
}

/** The request each call of a burst sends. */
interface Call {
  url: string
  headers: Record<string, string>
  body: string
}

async function measure(
  url: string,
  call: Call,
  pool: Agent,
  options: BurstOptions,
): Promise<BurstFigures> {
  const calls = Array.from({ length: options.calls }, async (): Promise<BurstAnswer> => {
    const started = performance.now()
    const response = await send(call.url, { ...call, pool })
    const answer: BurstAnswer = {
      status: response.status,
      ms: performance.now() - started,
      retryAfter: response.retryAfter,
    }
    if (response.status !== 200) {
      const failed = JSON.parse(response.body) as Required<Pick<BurstAnswer, 'type' | 'error'>>
      if (options.surface === 'mcp') answer.error = failed.error
      else answer.type = failed.type
    }
    return answer
  })
  options.onSent?.()
  await new Promise((done) => setTimeout(done, options.probeAfterMs ?? 20))
  const [healthz, readyz] = await Promise.all([probe(`${url}/healthz`), probe(`${url}/readyz`)])
  const answers = await Promise.all(calls)
  const sorted = answers.map((answer) => answer.ms).sort((a, b) => a - b)
  const at = (fraction: number) =>
    Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0)
  return {
    answers,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    maxMs: Math.round(sorted.at(-1) ?? 0),
    healthzMs: healthz.ms,
    healthzStatus: healthz.status,
    readyzMs: readyz.ms,
    readyzStatus: readyz.status,
  }
}

async function probe(url: string): Promise<{ status: number; ms: number }> {
  const started = performance.now()
  const { status } = await send(url)
  return { status, ms: Math.round(performance.now() - started) }
}

/**
 * One request, on a connection of `pool` or else on a new one (`fetch` shares a pool of its own
 * whose connections a burst waits for, which would measure the client's queue, not the server's).
 */
function send(
  url: string,
  {
    headers = {},
    body,
    pool,
  }: { headers?: Record<string, string>; body?: string; pool?: Agent } = {},
): Promise<{ status: number; retryAfter: string | null; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      {
        agent: pool ?? false,
        method: body === undefined ? 'GET' : 'POST',
        headers,
      },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => {
          text += chunk
        })
        response.on('end', () => {
          const retryAfter = response.headers['retry-after']
          resolve({ status: response.statusCode ?? 0, retryAfter: retryAfter ?? null, body: text })
        })
        response.on('error', reject)
      },
    )
    request.on('error', reject)
    request.end(body)
  })
}
