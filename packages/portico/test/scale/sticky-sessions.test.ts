import { describe, expect, it } from 'vitest'
import { connectMcpClient } from '../support/mcp-client.js'
import {
  initializeBody,
  type RawMcp,
  rawMcp,
  SESSION_NOT_FOUND,
  sseEvents,
  toolsCallBody,
} from '../support/raw-mcp.js'
import { rawRequest } from '../support/raw-request.js'
import { distinct, listAndCallHundred } from './call-many.js'
import { type ReplicaProcess, useReplicaCluster } from './replicas.js'

// The alternative to Redis: three stateful replicas that share nothing, behind nginx with
// sticky routing (STICKY_DIRECTIVE: each client's requests go to one replica), so that every
// request of a session reaches the process that holds it.

const cluster = useReplicaCluster({ sessions: 'stateful', sticky: true })

/**
 * A POST of `mcp`'s from a given loopback address (127.0.0.0/8 is all this machine's): another
 * client.
 */
async function postFrom(
  localAddress: string,
  mcp: RawMcp,
  body: unknown,
): Promise<{ status: number; sessionId?: string; text: string }> {
  const answer = await rawRequest(mcp.endpoint, {
    method: 'POST',
    path: new URL(mcp.endpoint).pathname,
    headers: mcp.headers(),
    body: JSON.stringify(body),
    localAddress,
  })
  const sessionId = answer.headers['mcp-session-id']
  return {
    status: answer.status,
    ...(typeof sessionId === 'string' ? { sessionId } : {}),
    text: answer.body,
  }
}

const whoami = (id: number) => toolsCallBody(id, 'Replica_whoami')

describe('stateful replicas behind nginx with sticky routing', () => {
  it('serves a 2025 session: tools/list and 100 tools/call with 0 errors, all by one replica', async () => {
    const client = await connectMcpClient(`${cluster.nginx.url}/mcp`, 'legacy')
    try {
      expect(distinct(await listAndCallHundred(client))).toHaveLength(1)
    } finally {
      await client.close()
    }
  })

  it('spreads clients over the replicas and keeps each client on its own', async () => {
    const pidsOfClient = await Promise.all(
      Array.from({ length: 12 }, async (_, index) => {
        const from = `127.0.0.${index + 2}`
        const opened = await postFrom(from, rawMcp(cluster.nginx.url), initializeBody())
        expect(opened.status).toBe(200)
        const id = opened.sessionId ?? ''
        const pids = new Set<number>()
        for (let call = 1; call <= 3; call++) {
          const session = rawMcp(cluster.nginx.url, { session: id })
          const answer = await postFrom(from, session, whoami(call))
          expect(answer.status).toBe(200)
          const [message] = sseEvents(answer.text).flatMap((event) =>
            event.message === undefined ? [] : [event.message],
          )
          pids.add(
            (message as { result: { structuredContent: { pid: number } } }).result.structuredContent
              .pid,
          )
        }
        return pids
      }),
    )
    for (const pids of pidsOfClient) expect(pids.size).toBe(1)
    expect(new Set(pidsOfClient.flatMap((pids) => [...pids])).size).toBeGreaterThanOrEqual(2)
  })

  it('needs the stickiness: without Redis, another replica does not know the session (404)', async () => {
    const [first, second] = cluster.replicas as [ReplicaProcess, ReplicaProcess]
    const { session } = await rawMcp(first.url).open()
    const elsewhere = await rawMcp(second.url, { session }).post(whoami(1))
    expect(elsewhere.status).toBe(404)
    expect(await elsewhere.json()).toEqual(SESSION_NOT_FOUND)
  })
})
