import { expect } from 'vitest'
import { problemKinds } from '../../src/http/problem-response.js'
import type { RawExchange } from '../support/raw-request.js'

/** How long any one generated request may take before the test calls it a hang. */
const REQUEST_TIMEOUT_MS = 30_000

/** An answer read whole: what every check below looks at. */
export interface Answer {
  status: number
  headers: Headers
  text: string
}

/** One request as a test generated it. */
export interface SentRequest {
  method: string
  path: string
  headers: Record<string, string>
  body?: Uint8Array
  /** `chunked` sends the body as a stream, without `Content-Length`. */
  transfer?: 'length' | 'chunked'
}

/**
 * Sends a request with `fetch` and reads the whole answer, failing the case when the answer
 * takes longer than {@link REQUEST_TIMEOUT_MS}: a hang is an answer too, and a wrong one.
 */
export async function send(url: string, request: SentRequest): Promise<Answer> {
  const { body } = request
  const streamed = body !== undefined && request.transfer === 'chunked'
  const response = await fetch(`${url}${request.path}`, {
    method: request.method,
    headers: request.headers,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    ...(body === undefined ? {} : { body: streamed ? streamOf(body) : body }),
    ...(streamed ? { duplex: 'half' } : {}),
  } as RequestInit)
  return { status: response.status, headers: response.headers, text: await response.text() }
}

function streamOf(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      // Two chunks, so that a reader that counts while it streams has something to count.
      const half = Math.floor(bytes.byteLength / 2)
      controller.enqueue(bytes.subarray(0, half))
      controller.enqueue(bytes.subarray(half))
      controller.close()
    },
  })
}

/** The problem kind of each status, as the server's one table maps them. */
const kindOfStatus = new Map(
  Object.entries(problemKinds).map(([kind, { status }]) => [status, kind] as const),
)

/**
 * A refusal as REST and the documents give it: a 4xx `application/problem+json` whose `type`
 * is the kind of its status, with a title and a detail for people, and no stack.
 */
export function expectProblem(answer: Answer, status?: number): void {
  if (status !== undefined) expect(answer.status, answer.text).toBe(status)
  expect(answer.status, answer.text).toBeGreaterThanOrEqual(400)
  expect(answer.status, answer.text).toBeLessThan(500)
  expect(answer.headers.get('content-type')).toBe('application/problem+json; charset=utf-8')
  const problem = JSON.parse(answer.text) as Record<string, unknown>
  expect(problem.type).toBe(`urn:portico:problem:${kindOfStatus.get(answer.status)}`)
  expect(problem.status).toBe(answer.status)
  expect(typeof problem.title).toBe('string')
  expect(problem.detail).toEqual(expect.stringMatching(/\S/))
  expect(problem.stack).toBeUndefined()
}

/**
 * What Node's HTTP parser refused before the app saw the request (`clientError`): a problem
 * document all the same (400, or 431 for headers too large), then the connection closes.
 */
export function expectParserRefusal(answer: RawExchange): void {
  expect([400, 431]).toContain(answer.status)
  expect(answer.headers['content-type']).toBe('application/problem+json; charset=utf-8')
  expect(answer.headers.connection).toBe('close')
  const problem = JSON.parse(answer.body.toString()) as Record<string, unknown>
  expect(problem.status).toBe(answer.status)
  expect(problem.detail).toEqual(expect.stringMatching(/\S/))
}

/** A JSON-RPC message as an MCP answer carries it. */
export interface JsonRpcMessage {
  jsonrpc?: unknown
  id?: unknown
  result?: Record<string, unknown>
  error?: { code?: unknown; message?: unknown; data?: unknown }
}

/** A JSON-RPC error: an integer code and a message, and `jsonrpc` 2.0. */
function expectJsonRpcError(message: JsonRpcMessage): void {
  expect(message.jsonrpc).toBe('2.0')
  expect(message.result).toBeUndefined()
  expect(Number.isInteger(message.error?.code), JSON.stringify(message)).toBe(true)
  expect(typeof message.error?.message).toBe('string')
}

/**
 * The JSON-RPC messages of a 200 answer: its JSON body (one message or a batch), or the `data`
 * of each event of its SSE stream. Each is a response: `jsonrpc` 2.0 and exactly one of
 * `result` and a well-formed `error`.
 */
export function jsonRpcMessagesOf(answer: Answer): JsonRpcMessage[] {
  const type = answer.headers.get('content-type') ?? ''
  const messages: unknown[] = type.startsWith('text/event-stream')
    ? [...answer.text.matchAll(/^data: ?(.*)$/gm)].map((match) => JSON.parse(match[1] ?? ''))
    : [JSON.parse(answer.text)].flat()
  expect(type, answer.text).toMatch(/^(application\/json|text\/event-stream)/)
  for (const message of messages as JsonRpcMessage[]) {
    if (message.error !== undefined) expectJsonRpcError(message)
    else expect(message, JSON.stringify(message)).toMatchObject({ jsonrpc: '2.0', result: {} })
  }
  return messages as JsonRpcMessage[]
}

/**
 * A refusal of an MCP endpoint: a 4xx JSON body holding one JSON-RPC error, as the transports
 * answer what they cannot take.
 */
export function expectJsonRpcRefusal(answer: Answer): JsonRpcMessage {
  expect(answer.status, answer.text).toBeGreaterThanOrEqual(400)
  expect(answer.status, answer.text).toBeLessThan(500)
  expect(answer.headers.get('content-type'), answer.text).toMatch(/^application\/json/)
  const message = JSON.parse(answer.text) as JsonRpcMessage
  expectJsonRpcError(message)
  expect(message, answer.text).toHaveProperty('id')
  return message
}

/** The UTF-8 bytes of a text, as a request body. */
export function utf8(text: string): Uint8Array {
  return new Uint8Array(Buffer.from(text, 'utf8'))
}
