import { request as httpRequest } from 'node:http'

/** Options of {@link burst}. */
export interface BurstOptions {
  /** How many calls of `Busy.spin` start at once. */
  calls: number
  /** How long each call spins the server's CPU. */
  spinMs: number
  /** When to probe `/healthz` and `/readyz` after the burst starts; default 20 ms. */
  probeAfterMs?: number
}

/** One call's answer. */
export interface BurstAnswer {
  status: number
  ms: number
  retryAfter: string | null
  /** The problem document's `type`, on an error. */
  type?: string
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
 * Sends `calls` REST calls of `Busy.spin` at once (a connection each), and while they are under
 * way probes `/healthz` and `/readyz`; resolves once every call is answered.
 */
export async function burst(url: string, options: BurstOptions): Promise<BurstFigures> {
  const body = JSON.stringify({ ms: options.spinMs })
  const calls = Array.from({ length: options.calls }, async (): Promise<BurstAnswer> => {
    const started = performance.now()
    const response = await send(`${url}/api/Busy/spin`, body)
    const answer: BurstAnswer = {
      status: response.status,
      ms: performance.now() - started,
      retryAfter: response.retryAfter,
    }
    if (response.status !== 200) answer.type = (JSON.parse(response.body) as { type: string }).type
    return answer
  })
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
 * One request on a connection of its own (`fetch` shares a pool whose connections a burst
 * waits for, which would measure the client's queue, not the server's).
 */
function send(
  url: string,
  body?: string,
): Promise<{ status: number; retryAfter: string | null; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      {
        agent: false,
        method: body === undefined ? 'GET' : 'POST',
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
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
