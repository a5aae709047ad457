import { logger } from '../../../core/logger.js'
import { fetchRequestId } from '../../../core/request-id.js'
import { respond, withCors } from '../../../http/cors.js'
import { TASKS_EXTENSION_ID } from '../../../model/mcp-servers.js'
import type { McpTaskState } from '../../../stores/mcp-task-store.js'
import { isStoreUnavailable } from '../../../stores/session-store-unavailable.js'
import { eraOfRequest } from '../wire/era-of-request.js'
import { isJsonObject, isPlainRequest } from '../wire/is-plain-request.js'
import type { McpLeg } from '../wire/mcp-leg.js'
import { META_CLIENT_CAPABILITIES } from '../wire/protocol-versions.js'
import type { McpTasks } from './create-mcp-tasks.js'

const jsonHeaders = withCors({ 'content-type': 'application/json' })

/** The methods of the tasks extension; `tasks/result` and `tasks/list` are gone (-32601, the SDK's). */
const TASK_METHODS: ReadonlySet<string> = new Set(['tasks/get', 'tasks/update', 'tasks/cancel'])

/** Whether a 2026-07-28 request's envelope declares the tasks extension. */
export function declaresTasks(meta: unknown): boolean {
  const capabilities = isJsonObject(meta) ? meta[META_CLIENT_CAPABILITIES] : undefined
  const extensions = isJsonObject(capabilities) ? capabilities.extensions : undefined
  return isJsonObject(extensions) && isJsonObject(extensions[TASKS_EXTENSION_ID])
}

/** -32021 data: the extension the request must declare (SEP-2663). */
export const TASKS_REQUIRED = { requiredCapabilities: { extensions: { [TASKS_EXTENSION_ID]: {} } } }

/**
 * `tasks/get`, `tasks/update` and `tasks/cancel` on the 2026-07-28 wire, from the task store,
 * on any replica: `Mcp-Name` must name the body's `taskId` (-32020, 400), the request must declare
 * the extension (-32021), and the task must be the caller's (-32602 as for an unknown one). Any
 * other request, and one the era check leaves to the SDK, goes on.
 */
export function createTasksLeg(
  tasks: McpTasks,
  serverInfoMeta: string,
  trustProxy: boolean,
): McpLeg {
  return async ({ request, parsedBody: body, caller }) => {
    if (!isPlainRequest(body) || !TASK_METHODS.has(body.method)) return undefined
    if (eraOfRequest((name) => request.headers.get(name), body) !== 'modern') return undefined
    const params = body.params ?? {}
    const { taskId } = params
    const error = (status: number, code: number, message: string, data?: unknown) =>
      respond(
        JSON.stringify({
          jsonrpc: '2.0',
          id: body.id,
          error: { code, message, ...(data === undefined ? {} : { data }) },
        }),
        status,
        jsonHeaders,
      )
    const result = (json: string) =>
      respond(
        `{"jsonrpc":"2.0","id":${JSON.stringify(body.id)},"result":${json.slice(0, -1)}${json === '{}' ? '' : ','}"resultType":"complete","_meta":${serverInfoMeta}}}`,
        200,
        jsonHeaders,
      )
    if (request.headers.get('mcp-name')?.trim() !== taskId) {
      return error(400, -32020, 'Header mismatch: Mcp-Name must be the params.taskId')
    }
    if (!declaresTasks(params._meta)) {
      return error(400, -32021, 'Missing required client capability', TASKS_REQUIRED)
    }
    if (typeof taskId !== 'string') return error(200, -32602, 'Invalid params: taskId')
    const owner = caller?.uid ?? ''
    try {
      return await answerTask(body.method, taskId, owner, params, error, result)
    } catch (failure) {
      if (!isStoreUnavailable(failure)) throw failure
      const reason = failure.cause instanceof Error ? failure.cause.message : String(failure.cause)
      logger.warn(`A ${body.method} was answered 503, the task store failed: ${reason}`, {
        requestId: fetchRequestId(request, trustProxy),
      })
      return respond(
        JSON.stringify({
          jsonrpc: '2.0',
          id: body.id,
          error: {
            code: -32603,
            message: 'Service Unavailable: the task store is unavailable, retry later',
          },
        }),
        503,
        { ...jsonHeaders, 'retry-after': '1' },
      )
    }
  }
  async function answerTask(
    method: string,
    taskId: string,
    owner: string,
    params: Record<string, unknown>,
    error: (status: number, code: number, message: string) => Response,
    result: (json: string) => Response,
  ): Promise<Response> {
    const notFound = () => error(200, -32602, 'Failed to retrieve task: Task not found')
    if (method === 'tasks/get') {
      const task = await tasks.get(taskId, owner)
      return task ? result(detailedTaskJson(task)) : notFound()
    }
    if (method === 'tasks/update') {
      const { inputResponses } = params
      if (!isJsonObject(inputResponses)) {
        return error(200, -32602, 'Invalid params: inputResponses must be an object')
      }
      return (await tasks.update(taskId, owner, inputResponses)) ? result('{}') : notFound()
    }
    return (await tasks.cancel(taskId, owner)) ? result('{}') : notFound()
  }
}

/** A task as `tasks/get` shows it (`DetailedTask`), as JSON without the closing brace's envelope. */
export function detailedTaskJson(task: McpTaskState): string {
  const { owner: _, ...shown } = task
  return JSON.stringify(shown)
}
