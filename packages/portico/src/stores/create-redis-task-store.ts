import type { RedisClient } from './connect-redis.js'
import { isTerminalStatus, type McpTaskState, type McpTaskStore } from './mcp-task-store.js'

/** Options of {@link createRedisTaskStore}. */
export interface RedisTaskStoreOptions {
  /** Prepended to every key: `portico:<plugin name>:` when `portico start` makes the stores. */
  prefix: string
  /** How long a task lives (`limits.mcpTaskTtlMs`): a running task's TTL, renewed with its lease. */
  ttlMs: number
}

/** Sets hash fields only on a task that exists: a late cancel or answer never makes a key without TTL. */
const SET_IF_EXISTS = `if redis.call('EXISTS', KEYS[1]) == 1 then
  redis.call('HSET', KEYS[1], unpack(ARGV))
end
return 0`

/**
 * The {@link McpTaskStore} of replicas that share one Redis. A task is the hash
 * `<prefix>task:<id>`: `state` (JSON, written by the replica that runs it), `cancel` and one
 * `answer:<key>` per stored answer (written by any replica). The running replica's lease is the
 * key `<prefix>task-lease:<id>`, which lapses unless renewed.
 *
 * Redis TTL bounds the tasks, not a count (`limits.mcpTasks` is the memory store's): a running
 * task's hash lives `ttlMs` from its last renewal (each poll of its replica), a finished one until
 * its creation plus its `ttlMs`, as in memory. A task whose replica died reads `failed` until then.
 */
export function createRedisTaskStore(
  client: RedisClient,
  options: RedisTaskStoreOptions,
): McpTaskStore {
  const { prefix, ttlMs } = options
  const taskKey = (taskId: string) => `${prefix}task:${taskId}`
  const leaseKey = (taskId: string) => `${prefix}task-lease:${taskId}`
  const setIfExists = (taskId: string, fields: string[]) =>
    client.eval(SET_IF_EXISTS, { keys: [taskKey(taskId)], arguments: fields })
  return {
    async put(state) {
      const key = taskKey(state.taskId)
      const transaction = client.multi().hSet(key, 'state', JSON.stringify(state))
      if (isTerminalStatus(state.status)) {
        transaction.pExpireAt(key, Date.parse(state.createdAt) + state.ttlMs)
      } else transaction.pExpire(key, ttlMs)
      await transaction.exec()
    },
    async get(taskId) {
      const [fields, leased] = (await client
        .multi()
        .hGetAll(taskKey(taskId))
        .exists(leaseKey(taskId))
        .exec()) as unknown as [Record<string, string>, number]
      if (fields.state === undefined) return undefined
      const answers: Record<string, unknown> = {}
      for (const [field, value] of Object.entries(fields)) {
        if (field.startsWith('answer:')) answers[field.slice(7)] = JSON.parse(value)
      }
      return {
        state: JSON.parse(fields.state) as McpTaskState,
        cancelRequested: fields.cancel === '1',
        answers,
        leased: leased === 1,
      }
    },
    async requestCancel(taskId) {
      await setIfExists(taskId, ['cancel', '1'])
    },
    async answer(taskId, answers) {
      const fields = Object.entries(answers).flatMap(([key, value]) => [
        `answer:${key}`,
        JSON.stringify(value),
      ])
      if (fields.length > 0) await setIfExists(taskId, fields)
    },
    async lease(taskId, ms) {
      if (ms <= 0) {
        await client.del(leaseKey(taskId))
        return
      }
      // The running task's hash is renewed with its lease, however long it runs.
      await client
        .multi()
        .set(leaseKey(taskId), '1', { expiration: { type: 'PX', value: ms } })
        .pExpire(taskKey(taskId), ttlMs)
        .exec()
    },
  }
}
