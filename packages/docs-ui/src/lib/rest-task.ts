import { authorizationHeaders, noteRefusedToken } from './access-token.js'
import type { OpenApiOperation } from './json-schema.js'
import { type ProblemSummary, readProblem } from './rest-call.js'

/**
 * A REST task (issue 30): a `@task` tool called with `Prefer: respond-async` answers `202` with
 * `Location: /api/tasks/<id>`; `GET` there reads it, `DELETE` cancels it.
 */

/** The header value that asks a `@task` tool to answer with a task (RFC 7240). */
export const RESPOND_ASYNC = 'respond-async'

/** How a task stands: working until the call ends one of the three other ways. */
export type TaskStatus = 'working' | 'completed' | 'failed' | 'cancelled'

/** A task as `GET /api/tasks/<id>` answers it (the `PorticoTask` schema of `/open-api.json`). */
export interface RestTask {
  taskId: string
  status: TaskStatus
  /** The tool's latest progress, while working. */
  statusMessage?: string
  createdAt: string
  lastUpdatedAt: string
  ttlMs: number
  pollIntervalMs: number
  /** Once completed: what the synchronous call answers. */
  result?: unknown
  /** Once failed: the problem document the synchronous call answers. */
  problem?: unknown
}

/** Whether the tool of `operation` can run as a task: its `POST` takes `Prefer`. */
export function isTaskOperation(operation: OpenApiOperation): boolean {
  return (operation.parameters ?? []).some(
    (parameter) => parameter.in === 'header' && parameter.name.toLowerCase() === 'prefer',
  )
}

/** Whether a task has ended: it changes no more. */
export function hasEnded(status: TaskStatus): boolean {
  return status !== 'working'
}

/** Reads a task document; `undefined` when the JSON is not one. */
export function readTask(json: unknown): RestTask | undefined {
  if (typeof json !== 'object' || json === null) return undefined
  const { taskId, status, pollIntervalMs } = json as Record<string, unknown>
  if (typeof taskId !== 'string' || typeof pollIntervalMs !== 'number') return undefined
  if (!['working', 'completed', 'failed', 'cancelled'].includes(String(status))) return undefined
  return json as RestTask
}

/** A task read or cancelled, or why not (its problem, or a failed request). */
export type TaskAnswer =
  | { ok: true; task: RestTask }
  | { ok: false; status: number; problem?: ProblemSummary; message: string }

/**
 * `GET` (read) or `DELETE` (cancel) the task at `location`, on this origin, with the stored
 * token: a task is its caller's alone, so the token that started it must read it.
 */
export async function requestTask(location: string, method: 'GET' | 'DELETE'): Promise<TaskAnswer> {
  const { pathname } = new URL(location, window.location.href)
  const response = await fetch(pathname, {
    method,
    headers: { accept: 'application/json', ...authorizationHeaders() },
  })
  if (response.status === 401) noteRefusedToken()
  const text = await response.text()
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  const task = response.ok ? readTask(json) : undefined
  if (task) return { ok: true, task }
  const problem = readProblem(json)
  return {
    ok: false,
    status: response.status,
    ...(problem ? { problem } : {}),
    message: problem
      ? `${problem.title}${problem.detail ? `: ${problem.detail}` : ''}`
      : `${response.status} ${response.statusText}`.trim(),
  }
}

/**
 * The tool's progress as a fraction, when its message is the `<done>/<total>` the server writes
 * for a `ctx.progress` without a message; `undefined` otherwise (the message says it in words).
 */
export function progressFraction(
  message: string | undefined,
): { done: number; total: number } | undefined {
  const match = /^(\d+(?:\.\d+)?)\/(\d+(?:\.\d+)?)$/.exec(message ?? '')
  if (!match) return undefined
  const done = Number(match[1])
  const total = Number(match[2])
  return total > 0 && done <= total ? { done, total } : undefined
}
