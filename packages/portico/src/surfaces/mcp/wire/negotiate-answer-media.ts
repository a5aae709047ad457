/** How an MCP endpoint answers a POSTed request: one JSON body, or an SSE stream. */
export type AnswerMedia = 'json' | 'sse'

const ACCEPTS_JSON = /application\/json|\*\/\*/i
const ACCEPTS_SSE = /text\/event-stream/i

/**
 * The one `Accept` rule of both eras: JSON whenever the client accepts it (also when it sends
 * no `Accept`, or accepts any type), an SSE stream when it accepts only that, and `undefined`
 * (406) when it accepts neither. Both eras' transports make clients list both types; answering
 * the type a client can read, rather than refusing it, is Portico's leniency, alike in each.
 */
export function negotiateAnswerMedia(accept: string | null): AnswerMedia | undefined {
  if (accept === null || accept === '' || ACCEPTS_JSON.test(accept)) return 'json'
  return ACCEPTS_SSE.test(accept) ? 'sse' : undefined
}

/**
 * Whether a client reads SSE streams: a stateful session answers its POSTs as streams then, so
 * that what a handler sends during a request reaches the client before the answer.
 */
export function acceptsEventStream(accept: string | null): boolean {
  return accept !== null && ACCEPTS_SSE.test(accept)
}
