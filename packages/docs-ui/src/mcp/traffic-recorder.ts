import type { FetchLike } from '@modelcontextprotocol/client'
import { authorizationHeaders } from '../lib/access-token.js'

/** One HTTP exchange of the MCP client: a JSON-RPC message and the server's answer. */
export interface TrafficEntry {
  /** 1, 2, 3… in the order the requests left. */
  seq: number
  /** Wall-clock time the request left, `HH:MM:SS`. */
  time: string
  httpMethod: string
  url: string
  /** The JSON-RPC method (`tools/call`), absent on a body-less request. */
  rpcMethod?: string
  /** The JSON-RPC id; absent on a notification. */
  rpcId?: string | number
  requestHeaders: [string, string][]
  /** The parsed JSON body, or its text when it is not JSON. */
  requestBody?: unknown
  /** Set once the answer arrived. */
  response?: TrafficResponse
  /** Why no answer arrived (network failure, abort). */
  failure?: string
  /** Why the request was answered here instead of by the server. */
  note?: string
}

export interface TrafficResponse {
  status: number
  headers: [string, string][]
  /** Milliseconds from the request leaving to the whole body read. */
  durationMs: number
  /** Parsed JSON, the JSON-RPC messages of an event stream, or the text. */
  body?: unknown
}

/**
 * The `fetch` given to the SDK's transport: it adds the stored access token to every request
 * (read each time, so a token pasted after connecting applies to the next call), and reports
 * each exchange, bodies included, to the JSON-RPC log. It remembers the `WWW-Authenticate`
 * challenge of the latest 401, which the SDK's error does not carry.
 */
export class TrafficRecorder {
  /** The challenge of a 401; the caller clears it before each connect or call. */
  challenge: string | undefined
  /** The status of the latest other 4xx or 5xx answer; the caller clears it before each call. */
  refusal: { status: number; statusText: string } | undefined
  private seq = 0
  private readonly report: (entry: TrafficEntry) => void

  /** `report` is called when a request leaves and again, with a new object, when it ends. */
  constructor(report: (entry: TrafficEntry) => void) {
    this.report = report
  }

  readonly fetch: FetchLike = async (url, init = {}) => {
    const headers = new Headers(init.headers)
    for (const [name, value] of Object.entries(authorizationHeaders())) headers.set(name, value)
    const method = init.method ?? 'GET'
    const body = typeof init.body === 'string' ? parseJson(init.body) : undefined
    const entry: TrafficEntry = {
      seq: ++this.seq,
      time: new Date().toTimeString().slice(0, 8),
      httpMethod: method,
      url: String(url),
      ...rpcSummary(body),
      requestHeaders: listHeaders(headers),
      ...(body === undefined ? {} : { requestBody: body }),
    }
    if (method === 'GET') {
      // The SDK opens a server-to-client event stream after `initialize` (2025 era). Portico is
      // stateless and answers 405, which the SDK reads as "no stream"; answering it here spares
      // a round trip and the browser's console error for the 405.
      this.report({
        ...entry,
        note: 'Not sent: Portico is stateless, with no server-to-client stream.',
      })
      return new Response(null, { status: 405, statusText: 'Method Not Allowed' })
    }
    this.report(entry)
    const started = performance.now()
    let response: Response
    try {
      response = await fetch(url, { ...init, headers })
    } catch (error) {
      this.report({ ...entry, failure: error instanceof Error ? error.message : String(error) })
      throw error
    }
    if (response.status === 401) this.challenge = response.headers.get('www-authenticate') ?? ''
    else if (response.status >= 400) {
      this.refusal = { status: response.status, statusText: response.statusText }
    }
    const head: TrafficResponse = {
      status: response.status,
      headers: listHeaders(response.headers),
      durationMs: Math.round(performance.now() - started),
    }
    this.report({ ...entry, response: head })
    // Read a copy, so the SDK streams the original as usual; the entry completes with the body.
    const copy = response.clone()
    void readBody(copy).then(
      (text) =>
        this.report({
          ...entry,
          response: {
            ...head,
            durationMs: Math.round(performance.now() - started),
            ...(text === '' ? {} : { body: decodeBody(text, copy.headers.get('content-type')) }),
          },
        }),
      // The SDK aborts the request when it gives up on it (a 401): the status says it all.
      () => undefined,
    )
    return response
  }
}

function readBody(response: Response): Promise<string> {
  return response.body === null ? Promise.resolve('') : response.text()
}

/** The method and id of a JSON-RPC message (the methods of a batch; its ids are in the body). */
function rpcSummary(body: unknown): Pick<TrafficEntry, 'rpcMethod' | 'rpcId'> {
  const messages = (Array.isArray(body) ? body : [body]).filter(isRecord)
  const methods = messages.map((message) => message.method).filter((m) => typeof m === 'string')
  const summary: Pick<TrafficEntry, 'rpcMethod' | 'rpcId'> = {}
  if (methods.length > 0) summary.rpcMethod = methods.join(', ')
  const id = messages.length === 1 ? messages[0]?.id : undefined
  if (typeof id === 'string' || typeof id === 'number') summary.rpcId = id
  return summary
}

/** JSON as a value, an event stream as the list of its `data:` messages, else the text. */
function decodeBody(text: string, contentType: string | null): unknown {
  if (contentType?.startsWith('text/event-stream')) {
    return text
      .split(/\r?\n\r?\n/)
      .map((event) =>
        event
          .split(/\r?\n/)
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).trimStart())
          .join('\n'),
      )
      .filter((data) => data !== '')
      .map(parseJson)
  }
  return parseJson(text)
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/** Headers as pairs, with a token shown only by its scheme: the log may be screenshotted. */
function listHeaders(headers: Headers): [string, string][] {
  return [...headers].map(([name, value]) => [
    name,
    name === 'authorization' ? value.replace(/^(\S+\s+).*$/, '$1…') : name === 'dpop' ? '…' : value,
  ])
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}
