import { describe, expect, it } from 'vitest'
import { createMemoryNotificationBus } from '../../../stores/create-memory-notification-bus.js'
import { createListenLeg } from './create-listen-leg.js'
import { createSubscriptions, MAX_QUEUED_NOTIFICATIONS } from './create-subscriptions.js'

// The listen leg over the real in-memory bus, its answer's stream read (or not) as a connection
// reads it: what a client that stops reading costs the server is bounded.

const URI = 'board://notes/a'

function listen() {
  const bus = createMemoryNotificationBus()
  const subscriptions = createSubscriptions(bus, () => Promise.resolve(undefined))
  const leg = createListenLeg({ subscriptions, knowsResource: () => true })
  const body = {
    jsonrpc: '2.0',
    id: 7,
    method: 'subscriptions/listen',
    params: {
      notifications: { resourceSubscriptions: [URI] },
      _meta: {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientCapabilities': {},
      },
    },
  }
  const request = new Request('http://127.0.0.1/mcp', {
    method: 'POST',
    headers: {
      accept: 'text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'subscriptions/listen',
    },
    body: JSON.stringify(body),
  })
  const answer = leg({ server: '', request, parsedBody: body, media: 'sse' })
  if (!(answer instanceof Response)) throw new Error('the leg did not answer')
  return { bus, answer }
}

/** Lets the bus deliver what was published (it delivers on the next turns). */
const settle = () => new Promise((resolve) => setImmediate(resolve))

describe('createListenLeg', () => {
  it('delivers every change to a client that reads its stream', async () => {
    const { bus, answer } = listen()
    expect(answer.headers.get('content-type')).toBe('text/event-stream')
    const reader = answer.body?.getReader()
    const decoder = new TextDecoder()
    let text = ''
    const readSome = async () => {
      const { value } = (await reader?.read()) ?? {}
      text += decoder.decode(value)
    }
    await readSome()
    expect(text).toContain('notifications/subscriptions/acknowledged')
    for (let round = 0; round < 3 * MAX_QUEUED_NOTIFICATIONS; round++) {
      await bus.publish({ kind: 'resource', uri: URI })
      await settle()
      await readSome()
    }
    expect(text.match(/notifications\/resources\/updated/g)).toHaveLength(
      3 * MAX_QUEUED_NOTIFICATIONS,
    )
    await reader?.cancel()
  })

  it(`drops a client that falls more than ${MAX_QUEUED_NOTIFICATIONS} notifications behind`, async () => {
    const { bus, answer } = listen()
    for (let round = 0; round < MAX_QUEUED_NOTIFICATIONS + 10; round++) {
      await bus.publish({ kind: 'resource', uri: URI })
    }
    await settle()
    // The stream errored, its queue released: reading it fails at once.
    await expect(answer.text()).rejects.toThrow(/fell behind/)
    // And it is no subscriber any more: a later change goes nowhere, without a throw.
    await bus.publish({ kind: 'resource', uri: URI })
    await settle()
  })
})
