import type { CallToolResult, FetchLike } from '@modelcontextprotocol/client'
import { version } from '../../package.json'

/**
 * The MCP tasks extension (SEP-2663) on the 2026-07-28 wire, for the MCP page. The SDK's client
 * (2.4) neither declares the extension nor consumes a `resultType: "task"` answer (it rejects it
 * as an unsupported result type), so these requests are made here, through the console's
 * recording `fetch` (the stored token added, each exchange in the JSON-RPC log), as
 * test/support/task-client.ts makes them in the server's tests.
 */

/** The extension's id, declared in every request's client capabilities. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks'

/** The revision of the tasks extension's wire. */
const REVISION = '2026-07-28'

/** How a task stands; `input_required` while it waits on {@link McpTask.inputRequests}. */
export type McpTaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled'

/** A request the task waits on: an elicitation or a sampling request, by key. */
export interface McpTaskInputRequest {
  method: string
  params?: Record<string, unknown>
}

/** A task as a `CreateTaskResult` or `tasks/get` shows it. */
export interface McpTask {
  taskId: string
  status: McpTaskStatus
  statusMessage?: string
  createdAt: string
  lastUpdatedAt: string
  ttlMs: number
  pollIntervalMs: number
  inputRequests?: Record<string, McpTaskInputRequest>
  /** The tool's `tools/call` result, once completed. */
  result?: CallToolResult
  /** The JSON-RPC error, once failed. */
  error?: { code: number; message: string }
}

/** What a `tools/call` that declares the extension answered: a task, or the result at once. */
export type TaskCallAnswer =
  | { kind: 'task'; task: McpTask }
  | { kind: 'complete'; result: CallToolResult }

/** A JSON-RPC error answer, or an HTTP refusal, as an error value with its code. */
export class McpTaskError extends Error {
  readonly code: number
  constructor(code: number, message: string) {
    super(message)
    this.name = 'McpTaskError'
    this.code = code
  }
}

/** The tasks extension's requests on one MCP endpoint. */
export interface McpTaskWire {
  /** A `tools/call` that declares the extension: the server may answer with a task. */
  call(name: string, args: Record<string, unknown>): Promise<TaskCallAnswer>
  get(taskId: string): Promise<McpTask>
  /** Answers the task's input requests, by key. */
  update(taskId: string, inputResponses: Record<string, unknown>): Promise<void>
  cancel(taskId: string): Promise<void>
}

/** Whether a task has ended: it changes no more. */
export function taskEnded(status: McpTaskStatus): boolean {
  return status === 'completed' || status === 'failed' || status === 'cancelled'
}

/**
 * The tasks extension's requests on `url`, sent by `fetch`. Every request declares the
 * extension with elicitation and sampling, which the page answers from its pane.
 */
export function mcpTaskWire(url: string, fetch: FetchLike): McpTaskWire {
  const endpoint = new URL(url, location.href)
  let nextId = 0
  const envelope = {
    'io.modelcontextprotocol/protocolVersion': REVISION,
    'io.modelcontextprotocol/clientCapabilities': {
      elicitation: {},
      sampling: {},
      extensions: { [TASKS_EXTENSION]: {} },
    },
    'io.modelcontextprotocol/clientInfo': { name: 'portico-docs', version },
  }
  /** Sends one request; `name` is its `Mcp-Name` (the tool, or the task id). */
  const request = async (
    method: string,
    name: string,
    params: Record<string, unknown>,
  ): Promise<Record<string, unknown>> => {
    const id = ++nextId
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': REVISION,
        'mcp-method': method,
        'mcp-name': name,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id,
        method,
        params: { ...params, _meta: envelope },
      }),
    })
    const message = answerOf(await response.text(), response.headers.get('content-type'), id)
    if (message?.error) throw new McpTaskError(message.error.code, message.error.message)
    if (!response.ok || !message?.result) {
      throw new McpTaskError(
        response.status,
        `the server answered HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`,
      )
    }
    return message.result
  }
  return {
    async call(name, args) {
      const result = await request('tools/call', name, { name, arguments: args })
      if (result.resultType === 'task') return { kind: 'task', task: result as unknown as McpTask }
      return { kind: 'complete', result: result as unknown as CallToolResult }
    },
    get: async (taskId) => (await request('tasks/get', taskId, { taskId })) as unknown as McpTask,
    update: async (taskId, inputResponses) => {
      await request('tasks/update', taskId, { taskId, inputResponses })
    },
    cancel: async (taskId) => {
      await request('tasks/cancel', taskId, { taskId })
    },
  }
}

interface RpcAnswer {
  id?: unknown
  result?: Record<string, unknown>
  error?: { code: number; message: string }
}

/** The answer to request `id` in a JSON body or an event stream's `data:` messages. */
function answerOf(text: string, contentType: string | null, id: number): RpcAnswer | undefined {
  const bodies = contentType?.startsWith('text/event-stream')
    ? text
        .split(/\r?\n/)
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trim())
    : [text]
  for (const body of bodies) {
    try {
      const message = JSON.parse(body) as RpcAnswer
      if (message.id === id) return message
    } catch {
      // A body that is not JSON (an HTML error page) is no answer.
    }
  }
  return undefined
}
