import type { AuthGate } from '../../auth/create-auth-gate.js'
import { InsufficientScopeError } from '../../core/insufficient-scope-error.js'
import { PorticoError } from '../../core/portico-error.js'
import { withCors } from '../../http/cors.js'
import type { HostPolicy } from '../../http/host-policy.js'
import { refuseEncodedBody } from '../../http/is-encoded-body.js'
import { PROBLEM_CONTENT_TYPE, toProblemDocument } from '../../http/problem-response.js'
import { createResultWriter } from '../../invoke/create-result-writer.js'
import type { ToolRuntime } from '../../invoke/create-tool-runtime.js'
import type { ToolChannel } from '../../invoke/tool-channel.js'
import type { TaskRunner } from '../../stores/create-task-runner.js'
import { createRestAdmission } from './create-rest-admission.js'
import { createRestTasks, prefersRespondAsync, TASKS_PATH_PREFIX } from './create-rest-tasks.js'
import { parseJsonBody } from './parse-json-body.js'
import type { RestAnswer, RestRequest } from './rest-request.js'

/** Options of {@link createRestCall}. */
export interface RestCallOptions {
  dev: boolean
  /** Which `Host` and `Origin` may call tools (see `resolveHostPolicy`). */
  hostPolicy: HostPolicy
  /** Checks bearer tokens in the authenticated modes; absent in mode anon. */
  gate?: AuthGate
  /** The process's task runner, for `Prefer: respond-async` calls of `@task` tools. */
  taskRunner: TaskRunner
}

const jsonHeaders = withCors({ 'content-type': 'application/json; charset=utf-8' })
const problemHeaders = withCors({ 'content-type': PROBLEM_CONTENT_TYPE })
const notAllowedHeaders = withCors({ ...problemHeaders, allow: 'POST, OPTIONS' })
const taskNotAllowedHeaders = withCors({ ...problemHeaders, allow: 'GET, DELETE, OPTIONS' })

/**
 * `POST /api/<Class>/<method>` as one visible pipeline, independent of the runtime: route to a
 * tool (404), check the method (405), the host policy (403: a foreign `Host` or a website's
 * page, before the challenge could name that host), the token (401, 403), refuse an encoded body
 * (415), read the body (413) and parse it (415, 400), invoke (422, 500, 504), answer 200 with the result as JSON. A
 * `@task` tool called with `Prefer: respond-async` may answer 202 with its task instead, which
 * `GET` and `DELETE` of `/api/tasks/<id>` read and cancel (see `createRestTasks`). The
 * route table is built once.
 */
export function createRestCall(
  runtime: ToolRuntime,
  options: RestCallOptions,
): (request: RestRequest) => Promise<RestAnswer> {
  const limitBytes = runtime.model.config.limits.bodyBytes
  const writeResult = createResultWriter(runtime.model.config.limits.resultBytes)
  const admit = createRestAdmission(options)
  const { limits } = runtime.model.config
  const tasks = createRestTasks(runtime, {
    runner: options.taskRunner,
    dev: options.dev,
    writeResult,
    immediateMs: limits.mcpTaskImmediateMs,
    timeoutMs: limits.mcpTaskTimeoutMs,
  })
  const taskTools = new Set(
    runtime.model.tools.filter((tool) => tool.task !== undefined).map((tool) => tool.id),
  )
  const routes = new Map(
    runtime.model.tools.map((tool) => [`/api/${tool.className}/${tool.methodName}`, tool.id]),
  )
  return async (request) => {
    try {
      const pathname = request.pathname.endsWith('/')
        ? request.pathname.slice(0, -1)
        : request.pathname
      const toolId = routes.get(pathname)
      if (!toolId && pathname.startsWith(TASKS_PATH_PREFIX)) {
        const taskId = pathname.slice(TASKS_PATH_PREFIX.length)
        if (request.method !== 'GET' && request.method !== 'DELETE') {
          const problem = toProblemDocument(
            new PorticoError('method_not_allowed', 'Read a task with GET, cancel it with DELETE'),
            { dev: false },
          )
          return { status: 405, headers: taskNotAllowedHeaders, body: JSON.stringify(problem) }
        }
        const admission = await admit(request)
        if (!admission.ok) return admission.answer
        return await tasks.answer(request.method, taskId, admission.caller?.uid ?? '')
      }
      if (!toolId) throw new PorticoError('not_found', `No tool at ${pathname}`)
      if (request.method !== 'POST')
        throw new PorticoError('method_not_allowed', `Call ${toolId} with POST`)
      const admitting = admit(request)
      // Awaited only when pending: an admission at once takes no turn of the queue.
      const admission = admitting instanceof Promise ? await admitting : admitting
      if (!admission.ok) return admission.answer
      const context = admission.caller
      refuseEncodedBody(request.contentEncoding)
      const input = parseJsonBody(await request.readBody(limitBytes), request.contentType)
      if (taskTools.has(toolId) && prefersRespondAsync(request.prefer)) {
        return await tasks.start(toolId, input, context)
      }
      const channel: ToolChannel = request.requestId ? { requestId: request.requestId } : {}
      // Only a method that takes a context can read the signal.
      if (request.signal && runtime.findTool(toolId)?.takesContext) channel.signal = request.signal
      // The runtime has shaped the result to the declared output: plain JSON, never undefined.
      const result = await runtime.invokeTool(toolId, input, context, channel)
      return {
        status: 200,
        headers: jsonHeaders,
        body: writeResult(toolId, result, request.requestId),
      }
    } catch (error) {
      const problem = toProblemDocument(error, { dev: options.dev })
      if (error instanceof InsufficientScopeError && options.gate?.refuseScope) {
        // RFC 6750 §3.1: the 403 names the scopes to authorize again with, as the 401 does.
        const where = { authorization: request.authorization, origin: request.origin() }
        const { challenge } = options.gate.refuseScope(error, { ...where, resourcePath: '/' })
        const headers = withCors({ ...problemHeaders, 'www-authenticate': challenge })
        return { status: 403, headers, body: JSON.stringify(problem) }
      }
      const headers = problem.status === 405 ? notAllowedHeaders : problemHeaders
      return { status: problem.status, headers, body: JSON.stringify(problem) }
    }
  }
}
