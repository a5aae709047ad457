import { randomBytes } from 'node:crypto'
import { logger } from '../core/logger.js'
import { PorticoError } from '../core/portico-error.js'
import { countTaskStatus } from '../core/process-counts.js'
import {
  isTerminalStatus,
  type McpTaskState,
  type McpTaskStore,
  type TaskSurface,
} from './mcp-task-store.js'

/**
 * How long a running task's lease holds unless renewed by its replica (renewed every poll): at
 * least 6 s, and three polls, so that one slow store command does not lapse it.
 */
export function taskLeaseMs(pollIntervalMs: number): number {
  return Math.max(6_000, 3 * pollIntervalMs)
}

/** Fields to change in a task's state; `undefined` removes one. */
export type TaskPatch = { [K in keyof McpTaskState]?: McpTaskState[K] | undefined }

/** How a task's call ended, as its surface words it: a result, or an error. */
export type TaskEnd = { result: Record<string, unknown> } | { error: Record<string, unknown> }

/** A task that runs in this process. */
export interface LocalTask {
  state: McpTaskState
  cancelled: boolean
  /** The asks waiting for an answer, by key. */
  waiting: Map<string, (answer: unknown) => void>
}

/** Options of {@link createTaskRunner}. */
export interface TaskRunnerOptions {
  store: McpTaskStore
  ttlMs: number
  pollIntervalMs: number
  /** Called with a task's id each time its changed state is stored (`notifications/tasks`). */
  onChange?(taskId: string): void
}

/** What {@link TaskRunner.adopt} needs of a running call. */
export interface AdoptedCall {
  owner: string
  surface: TaskSurface
  /** Abandons the call (its tool's `ctx.signal` aborts) with `reason`. */
  abandon(reason: unknown): void
  /** Settles with how the call ended, once it ends; `cancelled` is ignored after a cancel. */
  ended: Promise<TaskEnd>
}

/**
 * The surface-neutral half of tasks, shared by MCP (SEP-2663) and REST (`Prefer:
 * respond-async`): it stores a running call as a task, renews its lease while it runs, reads back
 * the cancels and answers other replicas stored for it, and stores its end. A task is read only
 * by its owner on the surface that made it.
 */
export interface TaskRunner {
  /** Stores a running call as a task; rejects when the store cannot take it. */
  adopt(call: AdoptedCall): Promise<LocalTask>
  /** Changes a task that runs here, and stores it. */
  save(task: LocalTask, patch: TaskPatch): Promise<void>
  /** Waits for the answer to `key`, the task `input_required` with `request` meanwhile. */
  ask(task: LocalTask, key: string, request: unknown): Promise<unknown>
  /** The task, or `undefined` when `owner` has no such task on `surface`; a lapsed lease reads `failed`. */
  get(taskId: string, owner: string, surface: TaskSurface): Promise<McpTaskState | undefined>
  /** Stores answers; false when `owner` has no such task. */
  answer(taskId: string, owner: string, answers: Record<string, unknown>): Promise<boolean>
  /** Stores a cancel; false when `owner` has no such task on `surface`. */
  cancel(taskId: string, owner: string, surface: TaskSurface): Promise<boolean>
}

/** Creates the task runner of one process over `store`; a poll of its running tasks every interval. */
export function createTaskRunner(options: TaskRunnerOptions): TaskRunner {
  const { store } = options
  const leaseMs = taskLeaseMs(options.pollIntervalMs)
  const local = new Map<string, LocalTask>()
  const abandons = new WeakMap<LocalTask, (reason: unknown) => void>()
  const save = (task: LocalTask, patch: TaskPatch) => {
    const next: Record<string, unknown> = {
      ...task.state,
      ...patch,
      lastUpdatedAt: new Date().toISOString(),
    }
    for (const key of Object.keys(next)) if (next[key] === undefined) delete next[key]
    if (patch.status !== undefined && patch.status !== task.state.status)
      countTaskStatus(task.state.status, patch.status)
    task.state = next as unknown as McpTaskState
    const { taskId } = task.state
    return store.put(task.state).then(() => options.onChange?.(taskId), logFailure('Storing'))
  }
  // Reads what other replicas stored for the tasks that run here, and renews their leases.
  const poll = async () => {
    for (const task of local.values()) {
      const view = await store.get(task.state.taskId).catch(() => undefined)
      if (view) deliver(task, view.answers, view.cancelRequested)
      await store.lease(task.state.taskId, leaseMs).catch(logFailure('Leasing'))
    }
  }
  let polling: ReturnType<typeof setInterval> | undefined
  const deliver = (task: LocalTask, answers: Record<string, unknown>, cancel: boolean) => {
    if (cancel && !task.cancelled) {
      task.cancelled = true
      abandons.get(task)?.(new PorticoError('execution', 'The task was cancelled by its client'))
      return
    }
    const requests = { ...task.state.inputRequests }
    let answered = false
    for (const [key, resolve] of task.waiting) {
      if (!(key in answers)) continue
      task.waiting.delete(key)
      delete requests[key]
      resolve(answers[key])
      answered = true
    }
    if (!answered) return
    const pending = Object.keys(requests).length > 0
    void save(task, {
      status: pending ? 'input_required' : 'working',
      ...(pending ? { inputRequests: requests } : { inputRequests: undefined }),
    })
  }
  const finish = (task: LocalTask, end: TaskEnd) => {
    local.delete(task.state.taskId)
    if (local.size === 0 && polling) {
      clearInterval(polling)
      polling = undefined
    }
    task.waiting.clear()
    const ended = { inputRequests: undefined, statusMessage: undefined }
    let done: Promise<void>
    if (task.cancelled) done = save(task, { ...ended, status: 'cancelled' })
    else if ('result' in end)
      done = save(task, { ...ended, status: 'completed', result: end.result })
    else {
      const message = typeof end.error.message === 'string' ? end.error.message : undefined
      done = save(task, { ...ended, status: 'failed', statusMessage: message, error: end.error })
    }
    void done.then(() => store.lease(task.state.taskId, 0).catch(() => {}))
  }
  const find = async (taskId: string, owner: string, surface: TaskSurface) => {
    const view = await store.get(taskId)
    if (!view || view.state.owner !== owner || (view.state.surface ?? 'mcp') !== surface) {
      return undefined
    }
    return view
  }

  return {
    async adopt(call) {
      const created = new Date().toISOString()
      const state: McpTaskState = {
        taskId: randomBytes(16).toString('base64url'),
        status: 'working',
        createdAt: created,
        lastUpdatedAt: created,
        ttlMs: options.ttlMs,
        pollIntervalMs: options.pollIntervalMs,
        owner: call.owner,
        ...(call.surface === 'mcp' ? {} : { surface: call.surface }),
      }
      const task: LocalTask = { state, cancelled: false, waiting: new Map() }
      // Stored before it is answered: a read on any replica finds it (SEP-2663).
      await store.put(state)
      await store.lease(state.taskId, leaseMs)
      abandons.set(task, call.abandon)
      local.set(state.taskId, task)
      countTaskStatus(undefined, state.status)
      polling ??= setInterval(() => void poll(), options.pollIntervalMs).unref()
      void call.ended.then((end) => finish(task, end))
      return task
    },
    save,
    ask(task, key, request) {
      return new Promise<unknown>((resolve) => {
        task.waiting.set(key, resolve)
        void save(task, {
          status: 'input_required',
          inputRequests: { ...task.state.inputRequests, [key]: request },
        })
      })
    },
    async get(taskId, owner, surface) {
      const view = await find(taskId, owner, surface)
      if (!view) return undefined
      const { state } = view
      if (isTerminalStatus(state.status) || view.leased) return state
      const error = { code: -32603, message: 'the replica running this task stopped' }
      return { ...state, status: 'failed', statusMessage: error.message, error }
    },
    async answer(taskId, owner, answers) {
      const view = await find(taskId, owner, 'mcp')
      if (!view) return false
      if (isTerminalStatus(view.state.status)) return true
      const pending = view.state.inputRequests ?? {}
      const known = Object.fromEntries(Object.entries(answers).filter(([key]) => key in pending))
      if (Object.keys(known).length === 0) return true
      const here = local.get(taskId)
      if (here) deliver(here, known, false)
      else await store.answer(taskId, known)
      return true
    },
    async cancel(taskId, owner, surface) {
      const view = await find(taskId, owner, surface)
      if (!view) return false
      if (isTerminalStatus(view.state.status)) return true
      const here = local.get(taskId)
      if (here) deliver(here, {}, true)
      else await store.requestCancel(taskId)
      return true
    },
  }
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

function logFailure(what: string): (error: unknown) => void {
  return (error) => logger.warn(`${what} a task failed: ${describeError(error)}`)
}
