import { type McpAnswer, rawMcp } from './raw-mcp.js'

/** The tasks extension's id, as a client declares it. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks'

/** A task as `tasks/get` or a `CreateTaskResult` shows it. */
export interface TaskJson extends Record<string, unknown> {
  taskId: string
  status: string
  ttlMs: number
  pollIntervalMs: number
  result?: Record<string, unknown>
  inputRequests?: Record<string, unknown>
  error?: { code: number; message: string }
}

/** A raw 2026-07-28 client that declares the tasks extension; see {@link taskClient}. */
export interface McpTaskClient {
  /** A `tools/call` that declares the extension (and `capabilities` besides). */
  call(
    name: string,
    args: Record<string, unknown>,
    capabilities?: Record<string, unknown>,
  ): Promise<McpAnswer<TaskJson>>
  /** {@link call}, expecting a task: its `CreateTaskResult`. */
  create(
    name: string,
    args: Record<string, unknown>,
    capabilities?: Record<string, unknown>,
  ): Promise<TaskJson>
  /** A `tasks/*` request of `taskId`, with `Mcp-Name` = `taskId` unless `headers` say otherwise. */
  request(
    method: string,
    taskId: string,
    params?: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<McpAnswer<TaskJson>>
  get(taskId: string): Promise<McpAnswer<TaskJson>>
  /** Polls `tasks/get` until the task has `status` (failing on another final one). */
  until(taskId: string, status: string, timeoutMs?: number): Promise<TaskJson>
}

/** A raw client of the 2026-07-28 wire at `url` that declares the tasks extension. */
export function taskClient(url: string): McpTaskClient {
  const mcp = rawMcp(url, { era: '2026' })
  const declared = { extensions: { [TASKS_EXTENSION]: {} } }
  const client: McpTaskClient = {
    call: (name, args, capabilities = {}) =>
      mcp.request<TaskJson>(
        'tools/call',
        { name, arguments: args },
        { capabilities: { ...capabilities, ...declared } },
      ),
    async create(name, args, capabilities) {
      const answer = await client.call(name, args, capabilities)
      if (answer.result?.resultType !== 'task') {
        throw new Error(`Expected a task, got ${JSON.stringify(answer)}`)
      }
      return answer.result
    },
    request: (method, taskId, params = {}, headers = {}) =>
      mcp.request<TaskJson>(
        method,
        { ...params, taskId },
        { capabilities: declared, headers: { 'mcp-name': taskId, ...headers } },
      ),
    get: (taskId) => client.request('tasks/get', taskId),
    async until(taskId, status, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const { result, error } = await client.get(taskId)
        if (!result) throw new Error(`tasks/get failed: ${JSON.stringify(error)}`)
        if (result.status === status) return result
        if (['completed', 'failed', 'cancelled'].includes(result.status)) {
          throw new Error(`The task ended ${result.status}: ${JSON.stringify(result)}`)
        }
        if (Date.now() > deadline) throw new Error(`Still ${result.status} after ${timeoutMs} ms`)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    },
  }
  return client
}
