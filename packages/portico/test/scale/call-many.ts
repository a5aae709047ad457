import type { Client, VersionNegotiationMode } from '@modelcontextprotocol/client'
import { expect } from 'vitest'
import { connectMcpClient } from '../support/mcp-client.js'
import { killReplica, type ReplicaCluster, type ReplicaProcess } from './replicas.js'

/** The tools of the replica plugin, sorted. */
export const REPLICA_TOOLS = ['Replica_say', 'Replica_wait', 'Replica_whoami']

/** What a run of calls gave: the pid of each answer, in order, and each failure. */
export interface CallRun {
  pids: number[]
  errors: string[]
}

/**
 * Calls `Replica_whoami` `count` times, one after the other, running `before(index)` ahead of
 * each call (to kill a replica mid-run, say). Failures are collected, not thrown: the suites
 * count them.
 */
export async function callMany(
  client: Client,
  count: number,
  before: (index: number) => Promise<void> = async () => {},
): Promise<CallRun> {
  const pids: number[] = []
  const errors: string[] = []
  for (let index = 0; index < count; index++) {
    await before(index)
    try {
      const result = await client.callTool({ name: 'Replica_whoami', arguments: {} })
      if (result.isError) errors.push(`call ${index}: ${JSON.stringify(result.content)}`)
      else pids.push((result.structuredContent as { pid: number }).pid)
    } catch (error) {
      errors.push(`call ${index}: ${String(error)}`)
    }
  }
  return { pids, errors }
}

/** `tools/list`, then 100 `tools/call`, expecting every one answered: the pid of each answer. */
export async function listAndCallHundred(client: Client): Promise<number[]> {
  const { tools } = await client.listTools()
  expect(tools.map((tool) => tool.name).sort()).toEqual(REPLICA_TOOLS)
  const { pids, errors } = await callMany(client, 100)
  expect(errors).toEqual([])
  expect(pids).toHaveLength(100)
  return pids
}

/** The pids of replicas, sorted: what a run's distinct pids are compared with. */
function pidsOf(processes: ReplicaProcess[]): (number | undefined)[] {
  return processes.map((replica) => replica.cli.child.pid).sort()
}

/** The distinct pids of a run, sorted. */
export function distinct(pids: number[]): number[] {
  return [...new Set(pids)].sort()
}

/**
 * Through nginx, in protocol era `mode`: `tools/list` and 100 `tools/call` with 0 errors, and
 * every replica answered some.
 */
export async function expectHundredCallsByAll(
  cluster: ReplicaCluster,
  mode: VersionNegotiationMode,
): Promise<void> {
  const client = await connectMcpClient(`${cluster.nginx.url}/mcp`, mode)
  try {
    expect(distinct(await listAndCallHundred(client))).toEqual(pidsOf(cluster.replicas))
  } finally {
    await client.close()
  }
}

/**
 * Through nginx, a 2025 client makes 100 calls and the first replica is killed (SIGKILL) before
 * the 51st: 0 errors, the first 50 answered by all three, the last 50 by the two others.
 */
export async function expectCallsThroughKill(cluster: ReplicaCluster): Promise<void> {
  const client = await connectMcpClient(`${cluster.nginx.url}/mcp`, 'legacy')
  const [killed, ...survivors] = cluster.replicas as [ReplicaProcess, ...ReplicaProcess[]]
  try {
    const { pids, errors } = await callMany(client, 100, async (index) => {
      if (index === 50) await killReplica(killed)
    })
    expect(errors).toEqual([])
    expect(killed.cli.child.signalCode).toBe('SIGKILL')
    expect(pids).toHaveLength(100)
    expect(distinct(pids.slice(0, 50))).toEqual(pidsOf(cluster.replicas))
    expect(distinct(pids.slice(50))).toEqual(pidsOf(survivors))
  } finally {
    await client.close()
  }
}
