import { expect } from 'vitest'
import { PATIENCE_MS } from './cli-process.js'

/**
 * A raw MCP client: JSON-RPC over plain HTTP (`fetch`), for the wire codes, headers and
 * session details an SDK client does not show as they are. One client talks to one endpoint,
 * in one era, optionally in one session:
 *
 * ```ts
 * const mcp = rawMcp(server.url, { era: '2026' })
 * const { status, result, error } = await mcp.request('tools/call', { name, arguments: {} })
 * const session = await rawMcp(server.url).open() // initialize, then notifications/initialized
 * const response = await session.post(toolsCallBody(1, 'Clock_wait', { ms: 1 }))
 * ```
 *
 * For what `fetch` cannot send at all (a `Host` of the caller's choice, malformed bytes), see
 * `raw-request.ts`.
 */

/** The two eras a raw MCP request can take: the 2025 revisions, or 2026-07-28. */
export type McpEra = '2025' | '2026'

/** The protocol version each era's requests declare. */
export const ERA_VERSION = { '2025': '2025-11-25', '2026': '2026-07-28' } as const

/** A session id as Portico issues them (`randomUUID`). */
export const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

/** What a request on an unknown, ended or someone else's session gets (with status 404). */
export const SESSION_NOT_FOUND = {
  jsonrpc: '2.0',
  error: { code: -32001, message: 'Session not found' },
  id: null,
}

/** What a `Last-Event-ID` naming no event of the session gets (with status 400). */
export const INVALID_EVENT_ID = {
  jsonrpc: '2.0',
  error: { code: -32000, message: 'Invalid event ID format' },
  id: null,
}

/** A JSON-RPC answer over HTTP, with its status and headers; `R` types the result read. */
export interface McpAnswer<R = Record<string, unknown>> {
  status: number
  headers: Headers
  id?: string | number | null
  result?: R
  error?: { code: number; message: string; data?: unknown }
}

/** One event of an SSE body: its id and JSON-RPC message (a priming event has none). */
export interface SseEvent {
  id?: string
  message?: unknown
}

/** Options of {@link rawMcp}. */
export interface RawMcpOptions {
  /** Which wire {@link RawMcp.request} speaks; default `2025`. */
  era?: McpEra
  /** The MCP endpoint's path on the server; default `/mcp`. */
  path?: string
  /** The session the client is in: `Mcp-Session-Id` (and the version) on every message. */
  session?: string
  /** The `Mcp-Protocol-Version` the client declares; default the era's ({@link ERA_VERSION}). */
  version?: string
  /** Headers on every message (`authorization`, ...), under each call's own. */
  headers?: Record<string, string>
}

/** Options of one {@link RawMcp.request}. */
export interface McpRequestOptions {
  /** The JSON-RPC id; default 1. */
  id?: number | string
  /** What the 2026-07-28 envelope declares the client can answer; default none. */
  capabilities?: Record<string, unknown>
  /** Headers over the client's (`Mcp-Param-*`, a wrong `Accept`, ...). */
  headers?: Record<string, string>
}

/** A raw MCP client of one endpoint; see {@link rawMcp}. */
export interface RawMcp {
  /** The endpoint's URL. */
  readonly endpoint: string
  /** The session id the client sends, if it is in one. */
  readonly session: string | undefined
  /**
   * The headers of a POST: JSON in, JSON or SSE accepted, the session's id and version when
   * in one, then the client's headers and `extra`.
   */
  headers(extra?: Record<string, string>): Record<string, string>
  /** The headers and body {@link request} would POST: for a client of its own (a kept-alive pool). */
  prepare(
    method: string,
    params?: Record<string, unknown>,
    options?: McpRequestOptions,
  ): { headers: Record<string, string>; body: string }
  /**
   * Sends a JSON-RPC request with the headers its era's clients send: the version, and in
   * 2026-07-28 `Mcp-Method`, `Mcp-Name` (the tool or prompt name, or the resource URI) and the
   * `_meta` envelope, merged under the request's own `_meta`. Reads a JSON or an SSE answer
   * (the SSE body's last message).
   */
  request<R = Record<string, unknown>>(
    method: string,
    params?: Record<string, unknown>,
    options?: McpRequestOptions,
  ): Promise<McpAnswer<R>>
  /** Sends a JSON-RPC notification as {@link request} sends a request (202 when accepted). */
  notify(method: string, params?: Record<string, unknown>): Promise<Response>
  /** POSTs any body (a batch, a malformed message) with {@link headers} and `headers` over them. */
  post(body: unknown, headers?: Record<string, string>): Promise<Response>
  /** Opens the session's GET stream; `{ 'last-event-id': id }` resumes a lost one. */
  get(headers?: Record<string, string>): Promise<Response>
  /** Ends the session: `DELETE`. */
  delete(headers?: Record<string, string>): Promise<Response>
  /**
   * `initialize`, then `notifications/initialized`, checking both are accepted and a session
   * id is issued: a client in the new session.
   */
  open(): Promise<RawMcpSession>
  /**
   * POSTs `body` in the session and goes away after the first event (the priming event of
   * 2025-11-25), as a client that lost its stream: that event's id, to resume from.
   */
  postAndLoseStream(body: unknown): Promise<string>
  /**
   * Resumes the session's stream from `lastEventId` until the replay holds a message (the
   * call may still be running the first times): that replay's events.
   */
  resumeUntilAnswered(lastEventId: string, timeoutMs?: number): Promise<SseEvent[]>
}

/** A raw MCP client in a session it opened. */
export interface RawMcpSession extends RawMcp {
  readonly session: string
}

/** A raw MCP client of the server at `url` (its origin; the endpoint is `options.path`). */
export function rawMcp(url: string, options: RawMcpOptions = {}): RawMcp {
  const era = options.era ?? '2025'
  const modern = era === '2026'
  const version = options.version ?? ERA_VERSION[era]
  const endpoint = `${url}${options.path ?? '/mcp'}`
  const { session } = options
  const inSession: Record<string, string> =
    session === undefined ? {} : { 'mcp-session-id': session, 'mcp-protocol-version': version }
  const headers = (extra: Record<string, string> = {}) => ({
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    ...inSession,
    ...options.headers,
    ...extra,
  })
  const post = (body: unknown, extra?: Record<string, string>) =>
    fetch(endpoint, { method: 'POST', headers: headers(extra), body: JSON.stringify(body) })
  /** The body and headers of a message of the era, with or without an id. */
  const message = (
    method: string,
    params: Record<string, unknown>,
    capabilities: Record<string, unknown>,
  ) => {
    const name = typeof params.name === 'string' ? params.name : params.uri
    const envelope = {
      'io.modelcontextprotocol/protocolVersion': version,
      'io.modelcontextprotocol/clientCapabilities': capabilities,
      'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
    }
    const ownMeta = (params._meta as Record<string, unknown> | undefined) ?? {}
    return {
      headers: {
        'mcp-protocol-version': version,
        ...(modern ? { 'mcp-method': method } : {}),
        ...(modern && typeof name === 'string' ? { 'mcp-name': name } : {}),
      },
      params: modern ? { ...params, _meta: { ...envelope, ...ownMeta } } : params,
    }
  }
  /** The headers of a GET or DELETE: no body to describe. */
  const bodiless = (extra: Record<string, string>) => ({
    ...inSession,
    ...options.headers,
    ...extra,
  })
  const prepare: RawMcp['prepare'] = (method, params = {}, call = {}) => {
    const sent = message(method, params, call.capabilities ?? {})
    return {
      headers: headers({ ...sent.headers, ...call.headers }),
      body: JSON.stringify({ jsonrpc: '2.0', id: call.id ?? 1, method, params: sent.params }),
    }
  }
  const client: RawMcp = {
    endpoint,
    session,
    headers,
    post,
    prepare,
    async request<R>(
      method: string,
      params: Record<string, unknown> = {},
      call: McpRequestOptions = {},
    ) {
      const prepared = prepare(method, params, call)
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: prepared.headers,
        body: prepared.body,
      })
      const text = await response.text()
      const sse = response.headers.get('content-type')?.includes('text/event-stream')
      const body = sse
        ? sseEvents(text)
            .filter((event) => event.message)
            .at(-1)?.message
        : parse(text)
      return {
        status: response.status,
        headers: response.headers,
        ...(body as object),
      } as McpAnswer<R>
    },
    notify(method, params) {
      const sent = message(method, params ?? {}, {})
      const body = { jsonrpc: '2.0', method, ...(params ? { params: sent.params } : {}) }
      return post(body, sent.headers)
    },
    get: (extra = {}) =>
      fetch(endpoint, { headers: { accept: 'text/event-stream', ...bodiless(extra) } }),
    delete: (extra = {}) => fetch(endpoint, { method: 'DELETE', headers: bodiless(extra) }),
    async open() {
      const response = await post(initializeBody(version))
      expect(response.status).toBe(200)
      await response.text()
      const id = response.headers.get('mcp-session-id') ?? ''
      expect(id).toMatch(SESSION_ID)
      const opened = rawMcp(url, { ...options, session: id })
      const ack = await opened.notify('notifications/initialized')
      expect(ack.status).toBe(202)
      return { ...opened, session: id }
    },
    async postAndLoseStream(body) {
      const response = await post(body)
      const reader = response.body?.getReader()
      if (!reader) throw new Error('no body')
      const [priming] = sseEvents(new TextDecoder().decode((await reader.read()).value))
      await reader.cancel()
      if (priming?.id === undefined || priming.message !== undefined) {
        throw new Error(`Expected a priming event first, got ${JSON.stringify(priming)}`)
      }
      return priming.id
    },
    async resumeUntilAnswered(lastEventId, timeoutMs = PATIENCE_MS) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const replay = await client.get({ 'last-event-id': lastEventId })
        expect(replay.status).toBe(200)
        const events = sseEvents(await replay.text())
        if (events.some((event) => event.message !== undefined)) return events
        if (Date.now() > deadline) throw new Error(`No message replayed within ${timeoutMs} ms`)
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    },
  }
  return client
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    throw new Error(`Expected a JSON-RPC answer, got: ${text.slice(0, 500)}`)
  }
}

/** The events of an SSE body: their ids and JSON-RPC messages (priming events have none). */
export function sseEvents(text: string): SseEvent[] {
  return text
    .split('\n\n')
    .filter((block) => block.trim() !== '' && !block.startsWith(':'))
    .map((block) => {
      const id = /^id: (.*)$/m.exec(block)?.[1]
      const data = /^data: (.+)$/m.exec(block)?.[1]
      return {
        ...(id === undefined ? {} : { id }),
        ...(data === undefined ? {} : { message: JSON.parse(data) }),
      }
    })
}

/** A `tools/call` request of `name` with `args`, as a raw client sends it. */
export function toolsCallBody(id: number, name: string, args: Record<string, unknown> = {}) {
  return { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } }
}

/** An `initialize` request of a client that declares no capability. */
export function initializeBody(version: string = ERA_VERSION['2025']) {
  return {
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: {
      protocolVersion: version,
      capabilities: {},
      clientInfo: { name: 'raw', version: '1' },
    },
  }
}
