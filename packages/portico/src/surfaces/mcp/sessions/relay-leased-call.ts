import { logger } from '../../../core/logger.js'
import type { McpEventMessage, McpEventStore } from '../../../stores/mcp-event-store.js'
import { acceptsEventStream } from '../wire/negotiate-answer-media.js'
import { isResponse } from './lease-calls.js'

/** How often a relayed stream looks for the call's new events and its lease. */
const POLL_MS = 500

/** Polls between two SSE comments that keep an idle relayed stream's proxies from closing it. */
const KEEP_ALIVE_EVERY = 30

/** What the client of a call whose replica stopped gets, under the call's id. */
const CALL_OWNER_STOPPED = { code: -32603, message: 'the replica running this call stopped' }

/** Options of {@link relayLeasedCall}. */
export interface RelayOptions {
  store: McpEventStore
  sessionId: string
  /** Whether the call answered on a stream runs in this process (its transport serves it). */
  runsHere(streamId: string): boolean
}

/**
 * Answers a `GET` that resumes, with `Last-Event-ID`, the stream of a call that another replica
 * runs (or ran): `undefined` for any other request, which the session's transport serves. The
 * answer replays what the call's stream sent after that event, then follows it from the shared
 * store while the call's lease holds, and ends after the call's answer. If the lease lapses
 * with no answer stored, the replica running the call stopped: the client gets a JSON-RPC
 * error under the call's id, stored too for any later resume, rather than a stream that ends
 * with nothing and leaves it waiting for its own timeout.
 */
export async function relayLeasedCall(
  request: Request,
  options: RelayOptions,
): Promise<Response | undefined> {
  const { store, sessionId, runsHere } = options
  const lastEventId = request.headers.get('last-event-id')
  if (
    request.method !== 'GET' ||
    !store.findCall ||
    !lastEventId ||
    !acceptsEventStream(request.headers.get('accept'))
  ) {
    return undefined
  }
  const streamId = await store.getStreamIdForEventId(sessionId, lastEventId)
  if (streamId === undefined || runsHere(streamId)) return undefined
  const call = await store.findCall(sessionId, streamId)
  if (!call) return undefined

  const encoder = new TextEncoder()
  let cancelled = false
  /** Sends the call's events until its answer, or an error once its lease has lapsed. */
  const follow = async (write: (text: string) => void) => {
    let after = lastEventId
    for (let polls = 1; !cancelled; polls++) {
      // Looked up before the replay: an answer stored before the lease ended is then replayed.
      const current = await store.findCall?.(sessionId, streamId)
      let answered = false
      await store.replayEventsAfter(sessionId, after, async (eventId, message) => {
        after = eventId
        answered ||= isResponse(message)
        write(sseEvent(eventId, message))
      })
      if (answered) return
      if (!current?.running) {
        const error = { jsonrpc: '2.0', id: call.requestId, error: CALL_OWNER_STOPPED }
        const eventId = await store.storeEvent(sessionId, streamId, error).catch(() => '')
        write(sseEvent(eventId, error))
        return
      }
      if (polls % KEEP_ALIVE_EVERY === 0) write(': keep-alive\n\n')
      await new Promise((resolve) => setTimeout(resolve, POLL_MS))
    }
  }
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const write = (text: string) => {
        if (!cancelled) controller.enqueue(encoder.encode(text))
      }
      void follow(write)
        .catch((error: unknown) =>
          logger.error('Relaying an MCP call from the store failed:', error),
        )
        .finally(() => {
          if (!cancelled) controller.close()
        })
    },
    cancel() {
      cancelled = true
    },
  })
  return new Response(body, {
    headers: {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
      'mcp-session-id': sessionId,
    },
  })
}

/** One SSE event as the SDK's transport writes them; no `id:` line for an empty id. */
function sseEvent(eventId: string, message: McpEventMessage): string {
  const id = eventId === '' ? '' : `id: ${eventId}\n`
  return `event: message\n${id}data: ${JSON.stringify(message)}\n\n`
}
