import { describe, expect, it, vi } from 'vitest'
import { onBodyEnd } from './on-body-end.js'

describe('onBodyEnd', () => {
  it('calls done once the body has been read, keeping status, headers and bytes', async () => {
    const done = vi.fn()
    const watched = onBodyEnd(
      new Response('data: 1\n\n', {
        status: 200,
        headers: { 'content-type': 'text/event-stream' },
      }),
      done,
    )
    expect(done).not.toHaveBeenCalled()
    expect(watched.headers.get('content-type')).toBe('text/event-stream')
    expect(await watched.text()).toBe('data: 1\n\n')
    expect(done).toHaveBeenCalledOnce()
  })

  it('calls done when the reader goes away before the end', async () => {
    const done = vi.fn()
    const endless = new ReadableStream({
      pull: (controller) => controller.enqueue(new Uint8Array(1)),
    })
    const watched = onBodyEnd(new Response(endless), done)
    const reader = watched.body?.getReader()
    await reader?.read()
    await reader?.cancel()
    expect(done).toHaveBeenCalledOnce()
  })

  it('calls done at once for an answer without a body', () => {
    const done = vi.fn()
    const response = new Response(null, { status: 202 })
    expect(onBodyEnd(response, done)).toBe(response)
    expect(done).toHaveBeenCalledOnce()
  })
})
