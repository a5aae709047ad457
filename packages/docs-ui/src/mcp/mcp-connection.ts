import {
  type CallToolResult,
  Client,
  type ClientOptions,
  type CreateMessageRequestParams,
  type CreateMessageResult,
  type ElicitRequestParams,
  type ElicitResult,
  type GetPromptResult,
  type Implementation,
  type LoggingMessageNotificationParams,
  type Progress,
  type Prompt,
  type ReadResourceResult,
  type Resource,
  type ResourceTemplateType,
  type ServerCapabilities,
  StreamableHTTPClientTransport,
  type Tool,
} from '@modelcontextprotocol/client'
import { version } from '../../package.json'
import { type CallOutcome, recordCall } from '../lib/call-history.js'
import { type McpTaskWire, mcpTaskWire, type TaskCallAnswer } from './mcp-tasks.js'
import type { TrafficRecorder } from './traffic-recorder.js'

/** The protocol revisions Portico serves: one per era. */
export const PROTOCOL_ERAS = ['2025-11-25', '2026-07-28'] as const
export type ProtocolRevision = (typeof PROTOCOL_ERAS)[number]

/**
 * How long a call may wait for its answer. A call that asks the person something (elicitation,
 * sampling) waits while they type, far past the SDK's 60 s default; progress restarts the wait.
 */
const CALL_TIMEOUT_MS = 15 * 60_000

/**
 * What the server asks the client during a call, answered by the person at the page: the
 * console shows each in its pane and settles the promise with their answer.
 */
export interface ServerRequests {
  elicit(params: ElicitRequestParams): Promise<ElicitResult>
  sample(params: CreateMessageRequestParams): Promise<CreateMessageResult>
  /** A `notifications/message` log message the server sent. */
  log(params: LoggingMessageNotificationParams): void
}

/** What the server said about itself and offers, read once at connect. */
export interface McpConnection {
  /** The revision both sides agreed on. */
  protocolVersion: string | undefined
  serverInfo: Implementation | undefined
  capabilities: ServerCapabilities | undefined
  instructions: string | undefined
  tools: Tool[]
  /** Absent when the server does not offer prompts. */
  prompts?: Prompt[]
  /** Absent when the server does not offer resources. */
  resources?: Resource[]
  /** Absent when the server does not offer resources. */
  resourceTemplates?: ResourceTemplateType[]
  /** Calls a tool; `onProgress` asks for its progress notifications (a progress token). */
  callTool(
    name: string,
    args: Record<string, unknown>,
    onProgress?: (progress: Progress) => void,
  ): Promise<CallToolResult>
  readResource(uri: string): Promise<ReadResourceResult>
  getPrompt(name: string, args: Record<string, string>): Promise<GetPromptResult>
  /**
   * The tasks extension, in the 2026-07-28 era only (where it is defined); its `call` is put in
   * the tab's history as {@link callTool} is.
   */
  tasks?: McpTaskWire
  close(): Promise<void>
}

/**
 * Connects the SDK's client to `url` in the chosen era and reads the lists. The 2025 era is the
 * SDK's default `initialize` handshake, offering only 2025-11-25; the 2026 era pins the revision,
 * so the client probes with `server/discover` and fails rather than fall back to `initialize`.
 * Every request goes through `recorder.fetch`. The client declares elicitation (forms) and
 * sampling, and hands those requests to `requests`. The client is closed again when a step fails.
 */
export async function connectMcp(
  url: string,
  revision: ProtocolRevision,
  recorder: TrafficRecorder,
  requests: ServerRequests,
): Promise<McpConnection> {
  const capabilities = { elicitation: {}, sampling: {} }
  const options: ClientOptions =
    revision === '2025-11-25'
      ? {
          versionNegotiation: { mode: 'legacy' },
          supportedProtocolVersions: [revision],
          capabilities,
        }
      : { versionNegotiation: { mode: { pin: revision } }, capabilities }
  const client = new Client({ name: 'portico-docs', title: 'Portico docs', version }, options)
  client.setRequestHandler('elicitation/create', (request) => requests.elicit(request.params))
  client.setRequestHandler('sampling/createMessage', (request) => requests.sample(request.params))
  client.setNotificationHandler('notifications/message', (notification) =>
    requests.log(notification.params),
  )
  const transport = new StreamableHTTPClientTransport(new URL(url, location.href), {
    fetch: recorder.fetch,
  })
  try {
    await client.connect(transport)
    const capabilities = client.getServerCapabilities()
    // One list after the other, so the log reads in order.
    const tools = capabilities?.tools ? (await client.listTools()).tools : []
    const prompts = capabilities?.prompts ? (await client.listPrompts()).prompts : undefined
    const resources = capabilities?.resources ? (await client.listResources()).resources : undefined
    const resourceTemplates = capabilities?.resources
      ? (await client.listResourceTemplates()).resourceTemplates
      : undefined
    return {
      protocolVersion: client.getNegotiatedProtocolVersion(),
      serverInfo: client.getServerVersion(),
      capabilities,
      instructions: client.getInstructions(),
      tools,
      ...(prompts ? { prompts } : {}),
      ...(resources ? { resources } : {}),
      ...(resourceTemplates ? { resourceTemplates } : {}),
      readResource: (uri) => client.readResource({ uri }),
      getPrompt: (name, args) => client.getPrompt({ name, arguments: args }),
      callTool: (name, args, onProgress) =>
        recordedCall(url, name, args, () =>
          client.callTool(
            { name, arguments: args },
            {
              timeout: CALL_TIMEOUT_MS,
              resetTimeoutOnProgress: true,
              ...(onProgress ? { onprogress: onProgress } : {}),
            },
          ),
        ),
      ...(revision === '2026-07-28' ? { tasks: recordedTasks(url, recorder) } : {}),
      close: () => client.close(),
    }
  } catch (error) {
    await client.close().catch(() => undefined)
    throw error
  }
}

/** The tasks extension's requests, their `tools/call` kept in the tab's history. */
function recordedTasks(url: string, recorder: TrafficRecorder): McpTaskWire {
  const wire = mcpTaskWire(url, recorder.fetch)
  return {
    ...wire,
    // A task's creation is the call's answer; the history does not follow the task.
    call: (name, args) =>
      recordedCall(
        url,
        name,
        args,
        () => wire.call(name, args),
        (answer) => (answer.kind === 'task' ? false : answer.result.isError === true),
      ),
  }
}

/** Makes a `tools/call` and puts it in the tab's history (lib/call-history.ts), arguments only. */
async function recordedCall<T extends CallToolResult | TaskCallAnswer>(
  url: string,
  name: string,
  args: Record<string, unknown>,
  call: () => Promise<T>,
  isError: (result: T) => boolean = (result) => 'isError' in result && result.isError === true,
): Promise<T> {
  const started = performance.now()
  const remember = (status: number, outcome: CallOutcome) =>
    recordCall({
      surface: 'mcp',
      tool: name,
      endpoint: new URL(url, location.href).pathname,
      input: JSON.stringify(args),
      status,
      outcome,
      ms: Math.round(performance.now() - started),
    })
  try {
    const result = await call()
    const failed = isError(result)
    remember(failed ? 500 : 200, failed ? 'tool error' : 'answered')
    return result
  } catch (error) {
    // The SDK throws an error answer with its JSON-RPC code; anything else never got one.
    const code = (error as { code?: unknown } | null)?.code
    if (typeof code === 'number') remember(code, 'protocol error')
    else remember(0, 'not sent')
    throw error
  }
}
