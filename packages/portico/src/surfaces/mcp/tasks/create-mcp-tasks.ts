import { logger } from '../../../core/logger.js'
import { isPorticoError } from '../../../core/portico-error.js'
import type { PorticoAskOptions } from '../../../core/tool-context.js'
import type { ToolRuntime } from '../../../invoke/create-tool-runtime.js'
import type { ToolChannel } from '../../../invoke/tool-channel.js'
import type { LocalTask, TaskEnd, TaskRunner } from '../../../stores/create-task-runner.js'
import type { McpTaskState } from '../../../stores/mcp-task-store.js'
import type { McpToolCall, McpToolCallOutcome } from '../calls/call-tool-over-mcp.js'
import type { InputRequest, InputRounds } from '../calls/create-input-rounds.js'
import { McpCallError } from '../calls/mcp-call-error.js'
import { refuseUndeclaredAsks } from '../calls/refuse-undeclared-asks.js'

/** What a task call answers: a call's outcome, or the task it became. */
export type McpTaskCallOutcome = McpToolCallOutcome | { task: McpTaskState }

/** Options of {@link createMcpTasks}. */
export interface McpTasksOptions {
  /** The process's task runner, shared with REST (see `createTaskRunner`). */
  runner: TaskRunner
  /** Turns a tool's result or failure into the `CallToolResult` a completed task holds. */
  toResult(
    name: string,
    outcome: { complete: unknown } | { failed: unknown },
  ): Record<string, unknown>
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

const KIND_OF = {
  'elicitation/create': 'elicit',
  'sampling/createMessage': 'sample',
  'roots/list': 'roots',
} as const

/** Creates the MCP tasks of one process over its task runner. */
export function createMcpTasks(
  runtime: ToolRuntime,
  rounds: InputRounds,
  options: McpTasksOptions,
): McpTasks {
  const { runner } = options
  const toEnd = (name: string, outcome: McpToolCallOutcome | { thrown: unknown }): TaskEnd => {
    if ('complete' in outcome || ('failed' in outcome && !isFault(outcome.failed))) {
      return { result: options.toResult(name, outcome) }
    }
    const error =
      'thrown' in outcome && outcome.thrown instanceof McpCallError
        ? {
            code: outcome.thrown.code,
            message: outcome.thrown.message,
            ...(outcome.thrown.data ? { data: outcome.thrown.data } : {}),
          }
        : { code: -32603, message: 'Internal error' }
    return { error }
  }

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
        return runner.ask(running, key, request)
      }
      const binding = `tools/call\0${name}\0${JSON.stringify(input)}\0${caller?.uid ?? ''}`
      let roundEnded = () => false
      const run = rounds.run(binding, call.resume ?? {}, can, (round) => {
        roundEnded = round.ended
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
            // Answered already by the call's rounds: the task began before the tool asked (the
            // round's state took long to verify), and the client gave this answer with the call.
            const given = round.answerOf(key)
            if (given) return Promise.resolve(given.answer)
            // A key is never reused over a task's life (SEP-2663): a repeated one gets its place.
            const used = task.waiting.has(key) || key in (task.state.inputRequests ?? {})
            return askInTask(task, request, used ? `${key}-${asks}` : key)
          }
        const channel: ToolChannel = {
          timeoutMs: options.timeoutMs,
          ...(call.channel.requestId ? { requestId: call.channel.requestId } : {}),
          onAbandon: (abandon) => {
            round.onAbandon(abandon)
            abandonCall = abandon
          },
          ...(call.channel.log ? { log: call.channel.log } : {}),
          progress: async (done, total, message) => {
            if (task) {
              await runner.save(task, {
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
      // A call that asked within the window answers `input_required`, however long signing its
      // state takes (the codec's first load, on a loaded machine): the ask decided, not the clock.
      const first = await Promise.race([settled, windowEnded]).then((raced) =>
        raced === undefined && roundEnded() ? settled : raced,
      )
      if (first !== undefined) {
        if ('thrown' in first) throw first.thrown
        return first
      }
      const ended = settled.then((outcome) =>
        toEnd(
          name,
          'inputRequired' in outcome
            ? { thrown: new McpCallError(-32603, 'The task asked for input too late', 200) }
            : outcome,
        ),
      )
      try {
        task = await runner.adopt({
          owner: caller?.uid ?? '',
          surface: 'mcp',
          abandon: (reason) => abandonCall(reason),
          ended,
        })
      } catch (error) {
        logger.warn(
          `A call of ${name} answers without a task: ${describeError(error)}`,
          ...(call.channel.requestId ? [{ requestId: call.channel.requestId() }] : []),
        )
        const outcome = await settled
        if ('thrown' in outcome) throw outcome.thrown
        return outcome
      }
      return { task: task.state }
    },
    get: (taskId, owner) => runner.get(taskId, owner, 'mcp'),
    update: (taskId, owner, answers) => runner.answer(taskId, owner, answers),
    cancel: (taskId, owner) => runner.cancel(taskId, owner, 'mcp'),
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
