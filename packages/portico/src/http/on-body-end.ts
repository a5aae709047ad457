/**
 * The response with `done` called once its body has been sent, has failed or was cancelled by
 * the client going away (at once for a response without a body): how a long-lived answer, an
 * SSE stream, tells whoever must know that it is over.
 */
export function onBodyEnd(response: Response, done: () => void): Response {
  const { body } = response
  if (!body) {
    done()
    return response
  }
  let ended = false
  const end = () => {
    if (ended) return
    ended = true
    done()
  }
  const reader = body.getReader()
  const watched = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const chunk = await reader.read()
        if (chunk.done) {
          end()
          controller.close()
        } else controller.enqueue(chunk.value)
      } catch (error) {
        end()
        controller.error(error)
      }
    },
    cancel(reason) {
      end()
      return reader.cancel(reason)
    },
  })
  const { status, statusText, headers } = response
  return new Response(watched, { status, statusText, headers })
}
