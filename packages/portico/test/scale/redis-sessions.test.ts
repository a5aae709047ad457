import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RedisServer, startRedisServer } from '../../../hub/test/support/redis-server.js'
import { cliPath, freePort, runCli } from '../support/cli-process.js'
import { connectMcpClient, protocolEras } from '../support/mcp-client.js'
import { rawMcp, SESSION_NOT_FOUND, toolsCallBody } from '../support/raw-mcp.js'
import { callMany, expectCallsThroughKill, expectHundredCallsByAll } from './call-many.js'
import { type ReplicaProcess, useReplicaCluster } from './replicas.js'

// Three `portico start` processes of a stateful plugin (`mcp.sessions: 'stateful'`) that share
// their sessions through Redis (PORTICO_REDIS_URL), behind nginx round robin: every request of
// a session may reach another replica.

const exec = promisify(execFile)
const serverEntry = join(cliPath, '../../dist/server/index.js')

let redis: RedisServer
beforeAll(async () => {
  redis = await startRedisServer()
})
afterAll(() => redis?.stop())
const cluster = useReplicaCluster({
  sessions: 'stateful',
  env: () => ({ PORTICO_REDIS_URL: redis.url }),
})

const replica = (index: number) => cluster.replicas[index] as ReplicaProcess
/** A raw client of replica `index`, in `session`. */
const onReplica = (index: number, session: string) => rawMcp(replica(index).url, { session })

const waitCall = (id: number, ms: number) => toolsCallBody(id, 'Replica_wait', { ms })

describe.each(protocolEras)(
  'three stateful replicas sharing Redis behind nginx, $name',
  ({ mode }) => {
    it('completes tools/list and 100 tools/call with 0 errors, answered by all three', () =>
      expectHundredCallsByAll(cluster, mode))
  },
)

describe('a stateful session across replicas', () => {
  it('keeps one session id for a 2025 client whose requests go round robin', async () => {
    const sessionIds = new Set<string>()
    const client = await connectMcpClient(`${cluster.nginx.url}/mcp`, 'legacy', (input, init) => {
      const sent = new Headers(init?.headers).get('mcp-session-id')
      if (sent !== null) sessionIds.add(sent)
      return fetch(input, init)
    })
    try {
      const { pids, errors } = await callMany(client, 9)
      expect(errors).toEqual([])
      expect(new Set(pids).size).toBe(3)
      expect(sessionIds.size).toBe(1)
    } finally {
      await client.close()
    }
  })

  it('resumes on a third replica a stream lost on the replica that ran the call', async () => {
    const { session: id } = await rawMcp(replica(0).url).open()
    const primingId = await onReplica(1, id).postAndLoseStream(waitCall(1, 300))
    const [answer] = await onReplica(2, id).resumeUntilAnswered(primingId)
    expect(answer?.message).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: expect.objectContaining({
        structuredContent: { waited: 300, pid: replica(1).cli.child.pid },
      }),
    })
  })

  it('ends a session on every replica when one of them takes its DELETE', async () => {
    const { session: id } = await rawMcp(replica(0).url).open()
    for (const index of [1, 2]) {
      const called = await onReplica(index, id).post(waitCall(2, 1))
      expect(called.status).toBe(200)
      await called.text()
    }
    const ended = await onReplica(2, id).delete()
    expect(ended.status).toBe(200)
    for (const index of [0, 1, 2]) {
      const response = await onReplica(index, id).post(waitCall(3, 1))
      expect(response.status).toBe(404)
      expect(await response.json()).toEqual(SESSION_NOT_FOUND)
    }
  })
})

describe('portico start with PORTICO_REDIS_URL', () => {
  it('refuses to start when Redis cannot be reached, saying where it tried', async () => {
    const deadPort = await freePort()
    const cli = runCli(['start', cluster.pluginDir], {
      PORT: String(await freePort()),
      PORTICO_REDIS_URL: `redis://:secret@127.0.0.1:${deadPort}`,
    })
    expect(await cli.exited()).toBe(1)
    expect(cli.output()).toContain(
      `PORTICO_REDIS_URL: Cannot connect to Redis at redis://127.0.0.1:${deadPort}: connect ECONNREFUSED`,
    )
    expect(cli.output()).not.toContain('secret')
  })
})

describe('loading the Redis client', () => {
  /** Whether serving the built plugin with `env` loaded `@redis/client` (a CommonJS package). */
  async function loadsRedis(env: Record<string, string>): Promise<boolean> {
    const script = `
      import { createRequire } from 'node:module'
      const { createFetchHandler } = await import(${JSON.stringify(serverEntry)})
      await createFetchHandler(${JSON.stringify(cluster.pluginDir)})
      const loaded = Object.keys(createRequire(import.meta.url).cache)
      console.log(JSON.stringify(loaded.some((path) => path.includes('/node_modules/@redis/'))))
      process.exit(0)
    `
    const { stdout } = await exec(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, ...env },
    })
    return JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as boolean
  }

  it('happens only with PORTICO_REDIS_URL set', async () => {
    expect(await loadsRedis({})).toBe(false)
    expect(await loadsRedis({ PORTICO_REDIS_URL: redis.url })).toBe(true)
  })
})

describe('a stateful replica killed mid-run', () => {
  it("answers the session's next calls through the other two, with 0 errors", () =>
    expectCallsThroughKill(cluster))
})
