import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { createClient } from '@redis/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RedisServer, startRedisServer } from '../../../hub/test/support/redis-server.js'
import { taskLeaseMs } from '../../src/stores/create-task-runner.js'
import { buildPlugin } from '../support/build-plugin.js'
import { copyPlugin, pollUntil } from '../support/cli-process.js'
import { fixtureDir } from '../support/serve-plugin.js'
import { type McpTaskClient, TASKS_EXTENSION, taskClient } from '../support/task-client.js'
import { type Nginx, startNginx } from './nginx.js'
import { killReplica, type ReplicaProcess, startReplicas, stopReplicas } from './replicas.js'

// Two `portico start` replicas of a plugin with `@task` tools share one redis-server: a task runs
// on A and any request about it may reach B. The last tests go through one nginx (the deploy
// file, round robin) in front of both, as a deployment does: its access log tells which replica
// answered each request.

/** The replicas' poll interval (`limits.mcpTaskPollIntervalMs`). */
const POLL_MS = 200

let redis: RedisServer
let raw: ReturnType<typeof createClient>
let plugin: { dir: string; remove(): Promise<void> }
let replicas: ReplicaProcess[] = []
let a: McpTaskClient
let b: McpTaskClient
let nginx: Nginx
let viaNginx: McpTaskClient

beforeAll(async () => {
  redis = await startRedisServer()
  raw = createClient({ url: redis.url })
  await raw.connect()
  plugin = await copyPlugin(fixtureDir('tasks-plugin'))
  await writeFile(
    join(plugin.dir, 'portico.config.ts'),
    `export default { title: 'Tasks', limits: { toolTimeoutMs: 60_000, mcpTaskPollIntervalMs: ${POLL_MS} } }\n`,
  )
  await buildPlugin(plugin.dir)
  replicas = await startReplicas(plugin.dir, 2, { PORTICO_REDIS_URL: redis.url })
  a = taskClient(replicas[0]?.url ?? '')
  b = taskClient(replicas[1]?.url ?? '')
  nginx = await startNginx(replicas.map((replica) => replica.port))
  viaNginx = countingRequests(taskClient(nginx.url))
}, 120_000)
afterAll(async () => {
  await nginx?.stop()
  await stopReplicas(replicas)
  await plugin?.remove()
  if (raw?.isOpen) await raw.close()
  await redis?.stop()
})

describe('MCP tasks shared through Redis by two replicas', () => {
  it('reads on B a task that runs on A, working and then completed with its result', async () => {
    const task = await a.create('Job_sleep', { ms: 1_500 })
    const working = await b.get(task.taskId)
    expect(working.result).toMatchObject({ taskId: task.taskId, status: 'working' })
    const done = await b.until(task.taskId, 'completed')
    const pidOfA = replicas[0]?.cli.child.pid
    expect(done.result).toMatchObject({ structuredContent: { slept: 1_500, pid: pidOfA } })
    // Its key lives until its creation plus its ttlMs, under the plugin's prefix.
    const ttl = await raw.pTTL(`portico:tasks-plugin:task:${task.taskId}`)
    expect(ttl).toBeGreaterThan(task.ttlMs - 60_000)
    expect(ttl).toBeLessThanOrEqual(task.ttlMs)
  })

  it('cancels on B a task that runs on A: its signal aborts there and it ends cancelled', async () => {
    const mark = join(plugin.dir, 'cancelled-mark')
    const task = await a.create('Job_sleep', { ms: 60_000, mark })
    const cancel = await b.request('tasks/cancel', task.taskId)
    expect(cancel.error).toBeUndefined()
    await b.until(task.taskId, 'cancelled', 2 * POLL_MS + 5_000)
    expect(await readFile(mark, 'utf8')).toBe('aborted')
    expect((await a.get(task.taskId)).result?.status).toBe('cancelled')
  })

  it('answers on B the question of a task that runs on A', async () => {
    const task = await a.create('Job_confirm', { what: 'b.txt' }, { elicitation: {} })
    await b.until(task.taskId, 'input_required')
    const update = await b.request('tasks/update', task.taskId, {
      inputResponses: { confirm: { action: 'accept', content: { yes: true } } },
    })
    expect(update.error).toBeUndefined()
    const done = await b.until(task.taskId, 'completed')
    expect(done.result).toMatchObject({ structuredContent: { answer: 'deleted b.txt' } })
  })

  it('reads and cancels on B a REST task (Prefer: respond-async) that runs on A', async () => {
    const post = (input: object) =>
      fetch(`${replicas[0]?.url}/api/Job/sleep`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', prefer: 'respond-async' },
        body: JSON.stringify(input),
      })
    const onB = async (location: string, method = 'GET') =>
      (await (await fetch(`${replicas[1]?.url}${location}`, { method })).json()) as {
        status: string
        result?: unknown
      }
    const until = async (location: string, status: string) => {
      const deadline = Date.now() + 2 * POLL_MS + 5_000
      for (;;) {
        const task = await onB(location)
        if (task.status === status || Date.now() > deadline) return task
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    }
    const created = await post({ ms: 800 })
    expect(created.status).toBe(202)
    const location = created.headers.get('location') ?? ''
    expect((await onB(location)).status).toBe('working')
    const done = await until(location, 'completed')
    expect(done.result).toEqual({ slept: 800, pid: replicas[0]?.cli.child.pid })
    const mark = join(plugin.dir, 'rest-cancelled-mark')
    const long = await post({ ms: 60_000, mark })
    const longLocation = long.headers.get('location') ?? ''
    expect((await onB(longLocation, 'DELETE')).status).toBe('working')
    expect((await until(longLocation, 'cancelled')).status).toBe('cancelled')
    expect(await readFile(mark, 'utf8')).toBe('aborted')
  })

  it('notifies a subscriber on B of a resource changed and a task ended on A, through Redis', async () => {
    const client = new Client(
      { name: 'portico-tests', version: '1.0.0' },
      {
        versionNegotiation: { mode: { pin: '2026-07-28' } },
        capabilities: { extensions: { [TASKS_EXTENSION]: {} } },
      },
    )
    await client.connect(new StreamableHTTPClientTransport(new URL(`${replicas[1]?.url}/mcp`)))
    try {
      const updated: string[] = []
      const tasks: Record<string, unknown>[] = []
      client.setNotificationHandler('notifications/resources/updated', (notification) => {
        updated.push(notification.params.uri)
      })
      client.fallbackNotificationHandler = async (notification) => {
        if (notification.method === 'notifications/tasks') tasks.push(notification.params ?? {})
      }
      const task = await a.create('Job_sleep', { ms: 800 })
      const filter = { resourceSubscriptions: ['board://notes/r'], taskIds: [task.taskId] }
      const subscription = await client.listen(filter as Parameters<Client['listen']>[0])
      const written = await fetch(`${replicas[0]?.url}/api/Board/write`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id: 'r', text: 'on A' }),
      })
      expect(written.status).toBe(200)
      await pollUntil(async () => (updated.length > 0 ? true : undefined))
      expect(updated).toEqual(['board://notes/r'])
      const ended = await pollUntil(async () =>
        tasks.find((params) => params.status === 'completed'),
      )
      expect(ended).toMatchObject({
        taskId: task.taskId,
        result: { structuredContent: { pid: replicas[0]?.cli.child.pid } },
      })
      await subscription.close()
    } finally {
      await client.close()
    }
  })

  it('behind nginx, polls and cancels on one replica a task created on the other', async () => {
    const mark = join(plugin.dir, 'nginx-cancelled-mark')
    const task = await viaNginx.create('Job_sleep', { ms: 60_000, mark })
    const ranOn = await lastUpstream()
    // Round robin: the next request goes to the other replica.
    expect((await viaNginx.get(task.taskId)).result?.status).toBe('working')
    expect(await lastUpstream()).not.toBe(ranOn)
    // Back on A, so that the cancel reaches B.
    await viaNginx.get(task.taskId)
    expect(await lastUpstream()).toBe(ranOn)
    expect((await viaNginx.request('tasks/cancel', task.taskId)).error).toBeUndefined()
    expect(await lastUpstream()).not.toBe(ranOn)
    await viaNginx.until(task.taskId, 'cancelled', 2 * POLL_MS + 5_000)
    expect(await readFile(mark, 'utf8')).toBe('aborted')
  })

  it('reports failed behind nginx once the replica that ran the task was killed: within its lease and a poll', async () => {
    const task = await viaNginx.create('Job_sleep', { ms: 120_000 })
    const ranOn = await lastUpstream()
    expect((await viaNginx.get(task.taskId)).result?.status).toBe('working')
    const index = replicas.findIndex((replica) => ranOn.endsWith(`:${replica.port}`))
    expect(index).toBeGreaterThanOrEqual(0)
    const [killed] = replicas.splice(index, 1)
    if (killed) await killReplica(killed)
    const started = Date.now()
    // nginx passes each poll on to the survivor once the killed one refuses the connection.
    const failed = await viaNginx.until(
      task.taskId,
      'failed',
      taskLeaseMs(POLL_MS) + POLL_MS + 2_000,
    )
    expect(Date.now() - started).toBeLessThanOrEqual(taskLeaseMs(POLL_MS) + POLL_MS + 2_000)
    expect(failed.error).toMatchObject({ code: -32603 })
    const survivor = replicas[0]?.port
    expect((await lastUpstream()).endsWith(`:${survivor}`)).toBe(true)
  })
})

/** The requests sent through nginx so far: each is one POST of its access log. */
let sentThroughNginx = 0

/** `client`, counting its requests in {@link sentThroughNginx} (`create`, `get` and `until` send theirs through `call` and `request`). */
function countingRequests(client: McpTaskClient): McpTaskClient {
  const { call, request } = client
  return Object.assign(client, {
    call: (...args: Parameters<McpTaskClient['call']>) => {
      sentThroughNginx += 1
      return call(...args)
    },
    request: (...args: Parameters<McpTaskClient['request']>) => {
      sentThroughNginx += 1
      return request(...args)
    },
  })
}

/**
 * The replica (`host:port`; `A, B` when nginx passed the request on) of the last request sent
 * through nginx, once nginx has logged it: it writes a request's line after its answer.
 */
async function lastUpstream(): Promise<string> {
  const upstreams = await nginx.upstreams(sentThroughNginx)
  return upstreams[sentThroughNginx - 1] ?? ''
}
