// The fault phase's steady load: workers that each send one kind of request after another
// through nginx (REST calls, MCP 2026-07-28 calls, MCP 2025 calls in a stateful session), each
// request tagged with an `x-soak-id` that nginx logs, timed and classified as it ends.
import { Agent, request } from 'node:http'
import { modernToolCall } from '../requests.js'

/**
 * How a request ended. Lost: `reset` (the connection failed or closed before a whole answer),
 * `502`, `504`, `timeout` (no whole answer within the soak's timeout). `503` with Retry-After is
 * an honest answer (counted, not lost); `other` is any other wrong answer.
 */
export type Outcome = 'ok' | '503' | 'reset' | '502' | '504' | 'timeout' | 'other'

export const LOST: ReadonlySet<Outcome> = new Set(['reset', '502', '504', 'timeout'])

/** One request of the load. */
export interface Sent {
  id: string
  kind: string
  started: number
  ended: number
  outcome: Outcome
  /** The status, or the error, for the report's first examples. */
  detail: string
}

export const KINDS = ['REST Notes_get', 'MCP 2026 tools/call', 'MCP 2025 session tools/call']
const INITIALIZE = 'MCP 2025 initialize'

const noteN1 = { id: 'n1' }
const version2025 = '2025-11-25'
const mcpHeaders = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
}

/** The JSON-RPC messages of a JSON or SSE body. */
function messages(body: string): { result?: { isError?: boolean }; error?: unknown }[] {
  const texts = body.trimStart().startsWith('{')
    ? [body]
    : body
        .split(/\r?\n/)
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trim())
  return texts.flatMap((text) => {
    try {
      return [JSON.parse(text)]
    } catch {
      return []
    }
  })
}

function mcpSucceeded(body: string): boolean {
  return messages(body).some((message) => message.result !== undefined && !message.result.isError)
}

interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

class Failure extends Error {
  readonly outcome: Outcome
  constructor(outcome: Outcome, detail: string) {
    super(detail)
    this.outcome = outcome
  }
}

/** Options of {@link startLoad}. */
export interface LoadOptions {
  url: string
  /** Workers, split evenly over the kinds. */
  connections: number
  timeoutMs: number
}

/** A running load. */
export interface Load {
  /** The requests under way right now. */
  outstanding(): Sent[]
  /** Stops sending and resolves, once every request under way has ended, with all of them. */
  stop(): Promise<Sent[]>
}

export function startLoad(options: LoadOptions): Load {
  const target = new URL(options.url)
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections })
  const done: Sent[] = []
  const underWay = new Map<string, Sent>()
  let counter = 0
  let stopping = false

  const send = (
    kind: string,
    path: string,
    headers: Record<string, string>,
    body: string,
    check: (answer: Answer) => boolean,
  ): Promise<{ answer: Answer | undefined; sent: Sent }> => {
    const id = String(++counter)
    const sent: Sent = { id, kind, started: performance.now(), ended: 0, outcome: 'ok', detail: '' }
    underWay.set(id, sent)
    return new Promise<Answer>((answered, failed) => {
      let timedOut = false
      const outgoing = request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          method: 'POST',
          path,
          headers: { ...headers, 'x-soak-id': id },
        },
        (incoming) => {
          const chunks: Buffer[] = []
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
          incoming.on('error', (error) =>
            failed(new Failure(timedOut ? 'timeout' : 'reset', `body: ${error.message}`)),
          )
          incoming.on('end', () => {
            if (!incoming.complete) return failed(new Failure('reset', 'incomplete body'))
            answered({
              status: incoming.statusCode ?? 0,
              headers: incoming.headers,
              body: Buffer.concat(chunks).toString('utf8'),
            })
          })
        },
      )
      const timer = setTimeout(() => {
        timedOut = true
        outgoing.destroy(new Error(`no answer in ${options.timeoutMs} ms`))
      }, options.timeoutMs)
      outgoing.on('close', () => clearTimeout(timer))
      outgoing.on('error', (error) =>
        failed(new Failure(timedOut ? 'timeout' : 'reset', error.message)),
      )
      outgoing.end(body)
    })
      .then((answer) => {
        const { status } = answer
        if ((status === 200 || status === 202) && check(answer)) return answer
        const text = `${status} ${answer.body.slice(0, 400)}`
        if (status === 502 || status === 504)
          throw new Failure(status === 502 ? '502' : '504', text)
        if (status === 503 && answer.headers['retry-after'] !== undefined) {
          throw new Failure('503', text)
        }
        throw new Failure('other', status === 503 ? `503 without Retry-After: ${text}` : text)
      })
      .then(
        (answer) => answer,
        (error: unknown) => {
          sent.outcome = error instanceof Failure ? error.outcome : 'other'
          sent.detail = error instanceof Error ? error.message : String(error)
          return undefined
        },
      )
      .then((answer) => {
        sent.ended = performance.now()
        underWay.delete(id)
        done.push(sent)
        return { answer, sent }
      })
  }

  const rest = async () => {
    while (!stopping) {
      await send(
        KINDS[0] as string,
        '/api/Notes/get',
        { 'content-type': 'application/json' },
        JSON.stringify(noteN1),
        (answer) => answer.body.includes('"id":"n1"'),
      )
    }
  }

  const modern = async () => {
    const call = modernToolCall('Notes_get', noteN1)
    while (!stopping) {
      await send(KINDS[1] as string, call.path, { ...call.headers }, call.body, (answer) =>
        mcpSucceeded(answer.body),
      )
    }
  }

  /** Opens a 2025 session: initialize, then notifications/initialized; its id, if it opened. */
  const open = async (): Promise<string | undefined> => {
    const headers = { ...mcpHeaders, 'mcp-protocol-version': version2025 }
    const initialize = JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: {
        protocolVersion: version2025,
        capabilities: {},
        clientInfo: { name: 'soak', version: '1' },
      },
    })
    const { answer } = await send(INITIALIZE, '/mcp', headers, initialize, (answer) =>
      mcpSucceeded(answer.body),
    )
    const session = answer?.headers['mcp-session-id']
    if (typeof session !== 'string') return undefined
    const notified = await send(
      INITIALIZE,
      '/mcp',
      { ...headers, 'mcp-session-id': session },
      JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
      (answer) => answer.status === 202,
    )
    return notified.answer === undefined ? undefined : session
  }

  const stateful = async () => {
    let session: string | undefined
    let id = 0
    while (!stopping) {
      session ??= await open()
      if (session === undefined) {
        await new Promise((wait) => setTimeout(wait, 100))
        continue
      }
      const { sent } = await send(
        KINDS[2] as string,
        '/mcp',
        { ...mcpHeaders, 'mcp-protocol-version': version2025, 'mcp-session-id': session },
        JSON.stringify({
          jsonrpc: '2.0',
          id: ++id,
          method: 'tools/call',
          params: { name: 'Notes_get', arguments: noteN1 },
        }),
        (answer) => mcpSucceeded(answer.body),
      )
      // A session the servers no longer know (404) is opened anew, as a client would.
      if (sent.detail.startsWith('404')) session = undefined
    }
  }

  const workers = Array.from({ length: options.connections }, (_, index) =>
    [rest, modern, stateful][index % 3]?.(),
  )
  return {
    outstanding: () => [...underWay.values()],
    async stop() {
      stopping = true
      await Promise.all(workers)
      agent.destroy()
      return done
    },
  }
}
