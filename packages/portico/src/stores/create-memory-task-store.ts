import { isTerminalStatus, type McpTaskState, type McpTaskStore } from './mcp-task-store.js'

/** One task as the memory store keeps it. */
interface Entry {
  state: McpTaskState
  cancelRequested: boolean
  answers: Record<string, unknown>
  leaseUntil: number
  /** When a finished task may go: its creation plus its `ttlMs`. */
  expiresAt: number
}

/** Options of {@link createMemoryTaskStore}. */
export interface MemoryTaskStoreOptions {
  /** Most tasks kept (`limits.mcpTasks`). */
  maxTasks: number
  /** The clock, for tests. */
  now?: () => number
}

/**
 * The tasks of one process, in memory: a finished task goes once its `ttlMs` has passed, or
 * earlier, oldest first, when a new task needs its place. A running task is never dropped: a
 * new one that finds every place held by a running task is refused, and its call answers
 * without a task.
 */
export function createMemoryTaskStore(options: MemoryTaskStoreOptions): McpTaskStore {
  const now = options.now ?? Date.now
  // Insertion order is creation order: the first finished entry is the oldest.
  const entries = new Map<string, Entry>()
  const live = (taskId: string) => {
    const entry = entries.get(taskId)
    if (entry && isTerminalStatus(entry.state.status) && entry.expiresAt <= now()) {
      entries.delete(taskId)
      return undefined
    }
    return entry
  }
  const makeRoom = () => {
    for (const [taskId, entry] of entries) {
      if (entries.size < options.maxTasks) return
      if (isTerminalStatus(entry.state.status)) entries.delete(taskId)
    }
    if (entries.size >= options.maxTasks) {
      throw new Error(`${options.maxTasks} tasks are running (limits.mcpTasks)`)
    }
  }
  return {
    async put(state) {
      const entry = live(state.taskId)
      if (entry) {
        entry.state = state
        return
      }
      makeRoom()
      entries.set(state.taskId, {
        state,
        cancelRequested: false,
        answers: {},
        leaseUntil: 0,
        expiresAt: Date.parse(state.createdAt) + state.ttlMs,
      })
    },
    async get(taskId) {
      const entry = live(taskId)
      if (!entry) return undefined
      return {
        state: entry.state,
        cancelRequested: entry.cancelRequested,
        answers: entry.answers,
        leased: entry.leaseUntil > now(),
      }
    },
    async requestCancel(taskId) {
      const entry = live(taskId)
      if (entry) entry.cancelRequested = true
    },
    async answer(taskId, answers) {
      const entry = live(taskId)
      if (entry) entry.answers = { ...entry.answers, ...answers }
    },
    async lease(taskId, ms) {
      const entry = live(taskId)
      if (entry) entry.leaseUntil = ms > 0 ? now() + ms : 0
    },
  }
}
