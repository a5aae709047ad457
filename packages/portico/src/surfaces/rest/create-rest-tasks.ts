import type { PorticoCaller } from '../../core/plugin-context.js'
import { PorticoError } from '../../core/portico-error.js'
import { withCors } from '../../http/cors.js'
import { toProblemDocument } from '../../http/problem-response.js'
import type { ToolRuntime } from '../../invoke/create-tool-runtime.js'
import type { ToolChannel } from '../../invoke/tool-channel.js'
import type { LocalTask, TaskEnd, TaskRunner } from '../../stores/create-task-runner.js'
import type { McpTaskState } from '../../stores/mcp-task-store.js'
import type { RestAnswer } from './rest-request.js'

/** Where a REST task is read (`GET`) and cancelled (`DELETE`): `/api/tasks/<id>`. */
export const TASKS_PATH_PREFIX = '/api/tasks/'

/** Options of {@link createRestTasks}. */
export interface RestTasksOptions {
  runner: TaskRunner
  dev: boolean
  /** Writes a tool's result as the sync call answers it (`createResultWriter`). */
  writeResult(toolId: string, result: unknown): string
  /** A call that ends within it answers at once, as RFC 7240 allows (`limits.mcpTaskImmediateMs`). */
  immediateMs: number
  /** How long a task may run (`limits.mcpTaskTimeoutMs`). */
  timeoutMs: number
}

/** REST's tasks: a `respond-async` call of a `@task` tool, and its `/api/tasks/<id>` route. */
export interface RestTasks {
  /** Runs the call; answers 200 if it ends within `immediateMs`, else 202 with its task. */
  start(toolId: string, input: unknown, caller: PorticoCaller | undefined): Promise<RestAnswer>
  /** `GET` (200, the task) or `DELETE` (202, cancelled) of the caller's task; 404 for another's. */
  answer(method: 'GET' | 'DELETE', taskId: string, owner: string): Promise<RestAnswer>
}

const jsonHeaders = withCors({ 'content-type': 'application/json; charset=utf-8' })

/** Whether a `Prefer` header (RFC 7240) asks for `respond-async`. */
export function prefersRespondAsync(prefer: string | null | undefined): boolean {
  if (!prefer) return false
  return prefer
    .split(',')
    .some((preference) => preference.split(/[;=]/, 1)[0]?.trim().toLowerCase() === 'respond-async')
}

/**
 * Creates REST's tasks over the process's one task runner (shared with MCP, so Redis carries
 * them across replicas). Inside a task, `ctx.progress` becomes `statusMessage` and a `DELETE`
 * aborts `ctx.signal`; the task ends `completed` with the sync call's JSON as `result`, or
 * `failed` with its problem document as `problem`.
 */
export function createRestTasks(runtime: ToolRuntime, options: RestTasksOptions): RestTasks {
  const { runner, dev } = options
  const endOf = (toolId: string, outcome: { result: unknown } | { failed: unknown }): TaskEnd => {
    try {
      if ('result' in outcome)
        return { result: { body: options.writeResult(toolId, outcome.result) } }
      return { error: { ...toProblemDocument(outcome.failed, { dev }) } }
    } catch (error) {
      return { error: { ...toProblemDocument(error, { dev }) } }
    }
  }
  return {
    async start(toolId, input, caller) {
      let task: LocalTask | undefined
      let abandonCall: (reason: unknown) => void = () => {}
      const channel: ToolChannel = {
        timeoutMs: options.timeoutMs,
        onAbandon: (abandon) => {
          abandonCall = abandon
        },
        progress: async (done, total, message) => {
          if (!task) return
          await runner.save(task, {
            statusMessage: message ?? (total === undefined ? `${done}` : `${done}/${total}`),
          })
        },
      }
      const settled = runtime.invokeTool(toolId, input, caller, channel).then(
        (result) => ({ result }),
        (failed: unknown) => ({ failed }),
      )
      const windowEnded = new Promise<undefined>((resolve) =>
        setTimeout(resolve, options.immediateMs, undefined),
      )
      const first = await Promise.race([settled, windowEnded])
      if (first !== undefined) {
        if ('failed' in first) throw first.failed
        return {
          status: 200,
          headers: jsonHeaders,
          body: options.writeResult(toolId, first.result),
        }
      }
      // A store that cannot take the task fails the call (503), as MCP answers without one.
      task = await runner.adopt({
        owner: caller?.uid ?? '',
        surface: 'rest',
        abandon: (reason) => abandonCall(reason),
        ended: settled.then((outcome) => endOf(toolId, outcome)),
      })
      return {
        status: 202,
        headers: withCors({
          ...jsonHeaders,
          location: `${TASKS_PATH_PREFIX}${task.state.taskId}`,
          'preference-applied': 'respond-async',
          'retry-after': String(Math.max(1, Math.ceil(task.state.pollIntervalMs / 1000))),
        }),
        body: restTaskJson(task.state),
      }
    },
    async answer(method, taskId, owner) {
      const found =
        method === 'GET'
          ? await runner.get(taskId, owner, 'rest')
          : (await runner.cancel(taskId, owner, 'rest'))
            ? await runner.get(taskId, owner, 'rest')
            : undefined
      if (!found) throw new PorticoError('not_found', `No task ${taskId}`)
      return {
        status: method === 'GET' ? 200 : 202,
        headers: jsonHeaders,
        body: restTaskJson(found),
      }
    },
  }
}

/**
 * A task as `GET /api/tasks/<id>` shows it: its status and times, `statusMessage` (the tool's
 * progress), and once done `result` (the sync call's JSON) or `problem` (its problem document).
 */
export function restTaskJson(task: McpTaskState): string {
  const { owner: _, surface: __, result, error, inputRequests: ___, ...shown } = task
  let problem = error
  // A task whose replica stopped reads `failed` with no problem of the tool's.
  if (problem && typeof problem.status !== 'number') {
    problem = {
      ...toProblemDocument(new PorticoError('unavailable', String(problem.message)), {
        dev: false,
      }),
    }
  }
  const json = JSON.stringify({ ...shown, ...(problem ? { problem } : {}) })
  const body = result && typeof result.body === 'string' ? result.body : undefined
  return body === undefined ? json : `${json.slice(0, -1)},"result":${body}}`
}
