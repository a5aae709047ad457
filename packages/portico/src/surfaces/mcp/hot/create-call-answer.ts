import { respond, withCors } from '../../../http/cors.js'

/**
 * The answer of one call: a plain JSON body when the call ends before it sends anything else,
 * and an SSE stream from the first notification or request it sends on, which carries the
 * result last. Most calls never talk back, and pay nothing for those that do.
 */
export interface CallAnswer {
  /** Settles as soon as the answer's type is known. */
  readonly response: Promise<Response>
  /** Sends a message related to the call; `false` when the client takes no stream. */
  send(message: object): boolean
  /**
   * Ends the answer with the JSON-RPC response (serialised), with `status` when it is still a
   * JSON answer (an error of 2026-07-28 has its own).
   */
  finish(messageJson: string, status?: number): void
}

const jsonHeaders = withCors({ 'content-type': 'application/json' })
const streamHeaders = withCors({
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache',
  connection: 'keep-alive',
})
const encoder = new TextEncoder()

/**
 * `canStream`: the client accepts `text/event-stream`; `streamOnly`: it accepts nothing else,
 * so even the lone result travels as an event.
 */
export function createCallAnswer(canStream: boolean, streamOnly: boolean): CallAnswer {
  let settle: (response: Response) => void = () => {}
  const response = new Promise<Response>((resolve) => {
    settle = resolve
  })
  let stream: ReadableStreamDefaultController<Uint8Array> | undefined
  let ended = false
  const open = () => {
    settle(
      respond(
        new ReadableStream<Uint8Array>({
          start(controller) {
            stream = controller
          },
        }),
        200,
        streamHeaders,
      ),
    )
  }
  const write = (json: string) => {
    try {
      stream?.enqueue(encoder.encode(`event: message\ndata: ${json}\n\n`))
    } catch {
      // The client went away: the stream is closed, and the call's signal says so.
    }
  }
  return {
    response,
    send(message) {
      if (!canStream || ended) return false
      if (!stream) open()
      write(JSON.stringify(message))
      return true
    },
    finish(messageJson, status = 200) {
      if (ended) return
      ended = true
      if (!stream && !streamOnly) {
        settle(respond(messageJson, status, jsonHeaders))
        return
      }
      if (!stream) open()
      write(messageJson)
      try {
        stream?.close()
      } catch {
        // Already closed by a client that went away.
      }
    },
  }
}
