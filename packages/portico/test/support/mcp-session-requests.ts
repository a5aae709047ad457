import { expect } from 'vitest'
import { PATIENCE_MS } from './cli-process.js'

/** The headers of a raw 2025 POST, accepting both answers as the SDK clients do. */
export const SESSION_POST_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
}

/** The revision raw session requests speak. */
export const SESSION_VERSION = '2025-11-25'

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

/** POSTs a JSON-RPC body as raw HTTP, with the headers of a 2025 client and `headers` over them. */
export function postMcp(
  endpoint: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(endpoint, {
    method: 'POST',
    headers: { ...SESSION_POST_HEADERS, ...headers },
    body: JSON.stringify(body),
  })
}

/** A `tools/call` request of `name` with `args`, as a raw session client sends it. */
export function toolsCallBody(id: number, name: string, args: Record<string, unknown> = {}) {
  return { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } }
}

/** An `initialize` request of a client that declares no capability. */
export function initializeBody(version = SESSION_VERSION) {
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

/** The headers of a request in session `id`. */
export function inSession(id: string): Record<string, string> {
  return { 'mcp-session-id': id, 'mcp-protocol-version': SESSION_VERSION }
}

/** `initialize` then `notifications/initialized`, as raw HTTP: the new session's id. */
export async function openSession(
  endpoint: string,
  headers: Record<string, string> = {},
): Promise<string> {
  const response = await postMcp(endpoint, initializeBody(), headers)
  expect(response.status).toBe(200)
  await response.text()
  const id = response.headers.get('mcp-session-id') ?? ''
  expect(id).toMatch(SESSION_ID)
  const ack = await postMcp(
    endpoint,
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    { ...inSession(id), ...headers },
  )
  expect(ack.status).toBe(202)
  return id
}

/** The events of an SSE body: their ids and JSON-RPC messages (priming events have none). */
export function sseEvents(text: string): { id?: string; message?: unknown }[] {
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

/**
 * POSTs `body` in session `id` and goes away after the first event (the priming event of
 * 2025-11-25), as a client that lost its stream: that event's id, to resume from.
 */
export async function postAndLoseStream(
  endpoint: string,
  id: string,
  body: unknown,
): Promise<string> {
  const response = await postMcp(endpoint, body, inSession(id))
  const reader = response.body?.getReader()
  if (!reader) throw new Error('no body')
  const [priming] = sseEvents(new TextDecoder().decode((await reader.read()).value))
  await reader.cancel()
  if (priming?.id === undefined || priming.message !== undefined) {
    throw new Error(`Expected a priming event first, got ${JSON.stringify(priming)}`)
  }
  return priming.id
}

/** Resumes a stream of session `id`: `GET` with `Last-Event-ID`. */
export function resumeStream(endpoint: string, id: string, lastEventId: string): Promise<Response> {
  return fetch(endpoint, {
    headers: { accept: 'text/event-stream', ...inSession(id), 'last-event-id': lastEventId },
  })
}

/**
 * Resumes a stream of session `id` from `lastEventId` until the replay holds a message (the
 * call may still be running the first times): that replay's events.
 */
export async function resumeUntilAnswered(
  endpoint: string,
  id: string,
  lastEventId: string,
  timeoutMs = PATIENCE_MS,
): Promise<{ id?: string; message?: unknown }[]> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const replay = await resumeStream(endpoint, id, lastEventId)
    expect(replay.status).toBe(200)
    const events = sseEvents(await replay.text())
    if (events.some((event) => event.message !== undefined)) return events
    if (Date.now() > deadline) throw new Error(`No message replayed within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
