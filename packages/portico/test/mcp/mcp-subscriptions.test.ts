import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { copyPlugin, pollUntil } from '../support/cli-process.js'
import { connectMcpClient } from '../support/mcp-client.js'
import { rawMcp } from '../support/raw-mcp.js'
import { fixtureDir, type ServedPlugin, servePlugin } from '../support/serve-plugin.js'
import { TASKS_EXTENSION, taskClient } from '../support/task-client.js'

// Resource subscriptions that deliver, and task status notifications, with the official client:
// a 2025 session (`resources/subscribe`, its GET stream) and a 2026-07-28 `subscriptions/listen`
// stream, on one server of the tasks fixture with stateful sessions (2026-07-28 has none: its
// requests go by the stateless legs all the same). `Board_write` calls `ctx.resourceUpdated`.

let plugin: { dir: string; remove(): Promise<void> }
let server: ServedPlugin
const clients: Client[] = []

beforeAll(async () => {
  plugin = await copyPlugin(fixtureDir('tasks-plugin'))
  await writeFile(
    join(plugin.dir, 'portico.config.ts'),
    "export default { title: 'Tasks', mcp: { sessions: 'stateful' }, limits: { mcpTaskPollIntervalMs: 100 } }\n",
  )
  server = await servePlugin(plugin.dir)
})
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => {})))
  await server?.close()
  await plugin?.remove()
})

async function connect(mode: 'legacy' | { pin: '2026-07-28' }): Promise<Client> {
  const client = await connectMcpClient(`${server.url}/mcp`, mode)
  clients.push(client)
  return client
}

/** Writes a note over REST: a change made outside MCP reaches MCP's subscribers too. */
async function write(id: string, text: string): Promise<void> {
  const response = await fetch(`${server.url}/api/Board/write`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id, text }),
  })
  expect(response.status).toBe(200)
}

describe('resource subscriptions', () => {
  it('notifies a 2025 session of each change of what it subscribed to, until it unsubscribes', async () => {
    const client = await connect('legacy')
    const updated: string[] = []
    client.setNotificationHandler('notifications/resources/updated', (notification) => {
      updated.push(notification.params.uri)
    })
    expect(client.getServerCapabilities()?.resources?.subscribe).toBe(true)
    await client.subscribeResource({ uri: 'board://notes/a' })
    // The session's GET stream opens after initialize: a change is sent until one arrives.
    await pollUntil(async () => {
      await write('b', 'not watched')
      await write('a', 'first')
      return updated.length > 0 ? true : undefined
    })
    expect(new Set(updated)).toEqual(new Set(['board://notes/a']))
    const read = await client.readResource({ uri: 'board://notes/a' })
    expect(read.contents[0]).toMatchObject({ text: 'first' })
    await client.unsubscribeResource({ uri: 'board://notes/a' })
    const before = updated.length
    await write('a', 'second')
    // A change of another session's resource, after ours, shows the stream still delivers.
    const other = await connect('legacy')
    const otherUpdated: string[] = []
    other.setNotificationHandler('notifications/resources/updated', (notification) => {
      otherUpdated.push(notification.params.uri)
    })
    await other.subscribeResource({ uri: 'board://notes/c' })
    await pollUntil(async () => {
      await write('c', 'seen')
      return otherUpdated.length > 0 ? true : undefined
    })
    expect(updated.length).toBe(before)
  })

  it('refuses a subscription to a resource the server does not have', async () => {
    const client = await connect('legacy')
    await expect(client.subscribeResource({ uri: 'nowhere://x' })).rejects.toThrow(/not found/i)
  })

  it('acknowledges a 2026-07-28 subscriptions/listen and notifies it of each change it named', async () => {
    const client = await connect({ pin: '2026-07-28' })
    const updated: unknown[] = []
    client.setNotificationHandler('notifications/resources/updated', (notification) => {
      updated.push(notification.params)
    })
    const subscription = await client.listen({
      resourceSubscriptions: ['board://notes/d', 'nowhere://x'],
      toolsListChanged: true,
    })
    // What the server agreed to: the known resource only; its lists never change.
    expect(subscription.honoredFilter).toEqual({ resourceSubscriptions: ['board://notes/d'] })
    await write('e', 'not watched')
    await write('d', 'watched')
    await pollUntil(async () => (updated.length > 0 ? true : undefined))
    expect(updated).toEqual([
      {
        uri: 'board://notes/d',
        _meta: { 'io.modelcontextprotocol/subscriptionId': expect.any(String) },
      },
    ])
    await subscription.close()
    await write('d', 'after close')
    // The server dropped the subscriber when its stream went: a later listen still works.
    const again = await client.listen({ resourceSubscriptions: ['board://notes/d'] })
    await write('d', 'again')
    await pollUntil(async () => (updated.length > 1 ? true : undefined))
    expect(updated.length).toBe(2)
    await again.close()
  })
})

describe('task status notifications', () => {
  it('sends notifications/tasks for the caller task named on subscriptions/listen, up to its end', async () => {
    const client = new Client(
      { name: 'portico-tests', version: '1.0.0' },
      {
        versionNegotiation: { mode: { pin: '2026-07-28' } },
        capabilities: { extensions: { [TASKS_EXTENSION]: {} } },
      },
    )
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)))
    clients.push(client)
    const seen: Record<string, unknown>[] = []
    client.fallbackNotificationHandler = async (notification) => {
      if (notification.method === 'notifications/tasks') seen.push(notification.params ?? {})
    }
    const task = await taskClient(server.url).create('Job_sleep', { ms: 600 })
    const filter = { taskIds: [task.taskId] }
    // The client's schema of the acknowledgement knows no `taskIds` (the extension's field), so
    // its `honoredFilter` drops it: the notifications below show what the server agreed to.
    const subscription = await client.listen(filter as Parameters<Client['listen']>[0])
    const last = await pollUntil(async () => seen.find((params) => params.status === 'completed'))
    expect(last).toMatchObject({
      taskId: task.taskId,
      result: { structuredContent: { slept: 600 } },
      _meta: { 'io.modelcontextprotocol/subscriptionId': expect.any(String) },
    })
    expect(last).not.toHaveProperty('owner')
    await subscription.close()
  })

  it('refuses taskIds from a client that does not declare the tasks extension (-32021), and a malformed filter', async () => {
    const listen = rawMcp(server.url, { era: '2026' })
    const undeclared = await listen.request('subscriptions/listen', {
      notifications: { taskIds: ['x'] },
    })
    expect(undeclared.error).toMatchObject({
      code: -32021,
      data: { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } },
    })
    for (const notifications of [undefined, 'all', { resourceSubscriptions: [1] }]) {
      const answer = await listen.request('subscriptions/listen', { notifications })
      expect(answer.error?.code).toBe(-32602)
    }
    const many = Array.from({ length: 257 }, (_, index) => `board://notes/${index}`)
    const tooMany = await listen.request('subscriptions/listen', {
      notifications: { resourceSubscriptions: many },
    })
    expect(tooMany.error?.code).toBe(-32602)
  })
})
