import { randomBytes } from 'node:crypto'
import { logger } from '../../../core/logger.js'
import { isPorticoError, PorticoError } from '../../../core/portico-error.js'
import type { PorticoAskOptions } from '../../../core/tool-context.js'
import type { ToolRuntime } from '../../../invoke/create-tool-runtime.js'
import type { ToolChannel } from '../../../invoke/tool-channel.js'
import {
  isTerminalStatus,
  type McpTaskState,
  type McpTaskStore,
} from '../../../stores/mcp-task-store.js'
import type { McpToolCall, McpToolCallOutcome } from '../calls/call-tool-over-mcp.js'
import type { InputRequest, InputRounds } from '../calls/create-input-rounds.js'
import { McpCallError } from '../calls/mcp-call-error.js'
import { refuseUndeclaredAsks } from '../calls/refuse-undeclared-asks.js'

/**
 * How long a running task's lease holds unless renewed by its replica (renewed every poll): at
 * least 6 s, and three polls, so that one slow store command does not lapse it.
 */
export function taskLeaseMs(pollIntervalMs: number): number {
  return Math.max(6_000, 3 * pollIntervalMs)
}

/** What a task call answers: a call's outcome, or the task it became. */
export type McpTaskCallOutcome = McpToolCallOutcome | { task: McpTaskState }

/** Options of {@link createMcpTasks}. */
export interface McpTasksOptions {
  store: McpTaskStore
  /** Turns a tool's result or failure into the `CallToolResult` a completed task holds. */
  toResult(
    name: string,
    outcome: { complete: unknown } | { failed: unknown },
  ): Record<string, unknown>
  ttlMs: number
  pollIntervalMs: number
  immediateMs: number
  /** How long a call that may become a task may run (`limits.mcpTaskTimeoutMs`). */
  timeoutMs: number
}

/**
 * The tasks extension (SEP-2663) on the 2026-07-28 wire: {@link McpTasks.callTool} runs a call
 * of a `@task` tool through the one runtime and, when it outlives `immediateMs`, stores it as a
 * task and answers that; `tasks/get`, `tasks/update` and `tasks/cancel` read and write the store,
 * so any replica answers them.
 */
export interface McpTasks {
  callTool(call: McpToolCall): Promise<McpTaskCallOutcome>
  /** The task as `tasks/get` shows it, or `undefined` when `owner` has no such task. */
  get(taskId: string, owner: string): Promise<McpTaskState | undefined>
  /** Stores answers; false when `owner` has no such task. */
  update(taskId: string, owner: string, answers: Record<string, unknown>): Promise<boolean>
  /** Stores a cancel; false when `owner` has no such task. */
  cancel(taskId: string, owner: string): Promise<boolean>
}

/** Fields to change in a task's state; `undefined` removes one. */
type TaskPatch = { [K in keyof McpTaskState]?: McpTaskState[K] | undefined }

/** A task that runs in this process. */
interface LocalTask {
  state: McpTaskState
  abandon(reason: unknown): void
  cancelled: boolean
  /** The asks waiting for an answer, by key. */
  waiting: Map<string, (answer: unknown) => void>
}

const KIND_OF = {
  'elicitation/create': 'elicit',
  'sampling/createMessage': 'sample',
  'roots/list': 'roots',
} as const

/** Creates the tasks of one process over `store`; a poll of its running tasks every interval. */
export function createMcpTasks(
  runtime: ToolRuntime,
  rounds: InputRounds,
  options: McpTasksOptions,
): McpTasks {
  const { store } = options
  const leaseMs = taskLeaseMs(options.pollIntervalMs)
  const local = new Map<string, LocalTask>()
  const save = (task: LocalTask, patch: TaskPatch) => {
    const next: Record<string, unknown> = {
      ...task.state,
      ...patch,
      lastUpdatedAt: new Date().toISOString(),
    }
    for (const key of Object.keys(next)) if (next[key] === undefined) delete next[key]
    task.state = next as unknown as McpTaskState
    return store.put(task.state).catch(logFailure('Storing'))
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
  const startPolling = () => {
    polling ??= setInterval(() => void poll(), options.pollIntervalMs).unref()
  }
  const deliver = (task: LocalTask, answers: Record<string, unknown>, cancel: boolean) => {
    if (cancel && !task.cancelled) {
      task.cancelled = true
      task.abandon(new PorticoError('execution', 'The task was cancelled by its client'))
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
  const finish = (task: LocalTask, outcome: McpToolCallOutcome | { thrown: unknown }) => {
    local.delete(task.state.taskId)
    if (local.size === 0 && polling) {
      clearInterval(polling)
      polling = undefined
    }
    task.waiting.clear()
    const ended = { inputRequests: undefined, statusMessage: undefined }
    let done: Promise<void>
    if (task.cancelled) done = save(task, { ...ended, status: 'cancelled' })
    else if ('complete' in outcome || ('failed' in outcome && !isFault(outcome.failed))) {
      done = save(task, {
        ...ended,
        status: 'completed',
        result: options.toResult(nameOf(task), outcome),
      })
    } else {
      const error =
        'thrown' in outcome && outcome.thrown instanceof McpCallError
          ? {
              code: outcome.thrown.code,
              message: outcome.thrown.message,
              ...(outcome.thrown.data ? { data: outcome.thrown.data } : {}),
            }
          : { code: -32603, message: 'Internal error' }
      done = save(task, { ...ended, status: 'failed', statusMessage: error.message, error })
    }
    void done.then(() => store.lease(task.state.taskId, 0).catch(() => {}))
  }
  const names = new WeakMap<LocalTask, string>()
  const nameOf = (task: LocalTask) => names.get(task) ?? ''

  return {
    async callTool(call) {
      const { name, input, caller } = call
      const can = call.canAnswer ?? { elicitation: false, sampling: false, roots: false }
      const undeclared = refuseUndeclaredAsks(can)
      let task: LocalTask | undefined
      let abandonCall: (reason: unknown) => void = () => {}
      let asks = 0
      const askInTask = (running: LocalTask, request: InputRequest, key: string) => {
        const refusal = undeclared.refuse(request.method)
        if (refusal) return Promise.reject(refusal)
        return new Promise<unknown>((resolve) => {
          running.waiting.set(key, resolve)
          void save(running, {
            status: 'input_required',
            inputRequests: { ...running.state.inputRequests, [key]: request },
          })
        })
      }
      const binding = `tools/call\0${name}\0${JSON.stringify(input)}\0${caller?.uid ?? ''}`
      const run = rounds.run(binding, call.resume ?? {}, can, (round) => {
        const ask =
          (method: InputRequest['method']) =>
          (params: unknown, askOptions: PorticoAskOptions | undefined): Promise<unknown> => {
            const key = askOptions?.key ?? `${KIND_OF[method]}-${asks}`
            const request = { method, params } as InputRequest
            if (!task) {
              asks++
              if (method === 'roots/list') return round.roots(askOptions)
              return method === 'elicitation/create'
                ? round.elicit(params as never, askOptions)
                : round.sample(params as never, askOptions)
            }
            asks++
            // A key is never reused over a task's life (SEP-2663): a repeated one gets its place.
            const used = task.waiting.has(key) || key in (task.state.inputRequests ?? {})
            return askInTask(task, request, used ? `${key}-${asks}` : key)
          }
        const channel: ToolChannel = {
          timeoutMs: options.timeoutMs,
          onAbandon: (abandon) => {
            round.onAbandon(abandon)
            abandonCall = abandon
          },
          ...(call.channel.log ? { log: call.channel.log } : {}),
          progress: async (done, total, message) => {
            if (task) {
              await save(task, {
                statusMessage: message ?? (total === undefined ? `${done}` : `${done}/${total}`),
              })
            } else await call.channel.progress?.(done, total, message)
          },
          elicit: (params, askOptions) => ask('elicitation/create')(params, askOptions),
          sample: (params, askOptions) => ask('sampling/createMessage')(params, askOptions),
          roots: (askOptions) => ask('roots/list')(undefined, askOptions),
        }
        return runtime.invokeTool(name, input, caller, channel)
      })
      const settled = run.then(
        (outcome): McpToolCallOutcome | { thrown: unknown } => outcome,
        (failed: unknown) => (failed instanceof McpCallError ? { thrown: failed } : { failed }),
      )
      const windowEnded = new Promise<undefined>((resolve) =>
        setTimeout(resolve, options.immediateMs, undefined),
      )
      const first = await Promise.race([settled, windowEnded])
      if (first !== undefined) {
        if ('thrown' in first) throw first.thrown
        return first
      }
      const created = new Date().toISOString()
      const state: McpTaskState = {
        taskId: randomBytes(16).toString('base64url'),
        status: 'working',
        createdAt: created,
        lastUpdatedAt: created,
        ttlMs: options.ttlMs,
        pollIntervalMs: options.pollIntervalMs,
        owner: caller?.uid ?? '',
      }
      const running: LocalTask = {
        state,
        abandon: (reason) => abandonCall(reason),
        cancelled: false,
        waiting: new Map(),
      }
      try {
        // Stored before it is answered: a `tasks/get` on any replica finds it (SEP-2663).
        await store.put(state)
        await store.lease(state.taskId, leaseMs)
      } catch (error) {
        logger.warn(`A call of ${name} answers without a task: ${describeError(error)}`)
        const outcome = await settled
        if ('thrown' in outcome) throw outcome.thrown
        return outcome
      }
      task = running
      names.set(running, name)
      local.set(state.taskId, running)
      startPolling()
      void settled.then((outcome) =>
        finish(
          running,
          'inputRequired' in outcome
            ? { thrown: new McpCallError(-32603, 'The task asked for input too late', 200) }
            : outcome,
        ),
      )
      return { task: state }
    },
    async get(taskId, owner) {
      const view = await store.get(taskId)
      if (!view || view.state.owner !== owner) return undefined
      const { state } = view
      if (isTerminalStatus(state.status) || view.leased) return state
      const error = { code: -32603, message: 'the replica running this task stopped' }
      return { ...state, status: 'failed', statusMessage: error.message, error }
    },
    async update(taskId, owner, answers) {
      const view = await store.get(taskId)
      if (!view || view.state.owner !== owner) return false
      if (isTerminalStatus(view.state.status)) return true
      const pending = view.state.inputRequests ?? {}
      const known = Object.fromEntries(Object.entries(answers).filter(([key]) => key in pending))
      if (Object.keys(known).length === 0) return true
      const here = local.get(taskId)
      if (here) deliver(here, known, false)
      else await store.answer(taskId, known)
      return true
    },
    async cancel(taskId, owner) {
      const view = await store.get(taskId)
      if (!view || view.state.owner !== owner) return false
      if (isTerminalStatus(view.state.status)) return true
      const here = local.get(taskId)
      if (here) deliver(here, {}, true)
      else await store.requestCancel(taskId)
      return true
    },
  }
}

/**
 * A failure that is the server's, not the tool's answer: what the runtime makes of an
 * unexpected throw (a `PorticoError` it may not show). A task ends `failed` with -32603 for
 * it; any failure the tool chose its words for ends `completed` with `isError: true` (SEP-2663).
 */
function isFault(error: unknown): boolean {
  return !isPorticoError(error) || (error.kind === 'execution' && !error.expose)
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

function logFailure(what: string): (error: unknown) => void {
  return (error) => logger.warn(`${what} an MCP task failed: ${describeError(error)}`)
}
