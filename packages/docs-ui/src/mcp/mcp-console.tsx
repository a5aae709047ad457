import type { CallToolResult, Tool } from '@modelcontextprotocol/client'
import { useEffect, useRef, useState } from 'preact/hooks'
import { SchemaFormFields, useSchemaForm } from '../components/schema-form.js'
import { useAccessToken } from '../lib/access-token.js'
import { type CallEvent, CallProgress } from './call-progress.js'
import { formSchema } from './form-schema.js'
import {
  connectMcp,
  type McpConnection,
  PROTOCOL_ERAS,
  type ProtocolRevision,
} from './mcp-connection.js'
import { PromptsSection, ResourcesSection } from './mcp-reader.js'
import { McpTaskView } from './mcp-task-view.js'
import type { McpTask } from './mcp-tasks.js'
import { parseArguments } from './parse-arguments.js'
import { type PendingRequest, RequestQueue } from './request-queue.js'
import { ServerRequestsPane } from './server-requests-pane.js'
import { ToolResult } from './tool-result.js'
import { TrafficLog } from './traffic-log.js'
import { type TrafficEntry, TrafficRecorder } from './traffic-recorder.js'

/** Why a connect or a call failed; `challenge` is the server's `WWW-Authenticate` on a 401. */
interface Failure {
  message: string
  challenge?: string
}

type ConnectionState =
  | { status: 'idle' }
  | { status: 'connecting' }
  | { status: 'connected'; connection: McpConnection }
  | { status: 'failed'; failure: Failure }

type CallState =
  | { status: 'idle' }
  | { status: 'calling'; tool: string }
  | { status: 'done'; tool: string; result: CallToolResult; durationMs: number }
  | { status: 'task'; tool: string; task: McpTask }
  | { status: 'failed'; tool: string; failure: Failure }

/** What a running call shares with the parts of the console that show it. */
interface CallWatch {
  /** The server's requests waiting for the person's answer. */
  pending: PendingRequest[]
  /** What the running (or last) call reported: progress and log messages. */
  events: CallEvent[]
  /** Records a progress or log event of the call (its `seq` is given here). */
  report: (event: CallEvent) => void
  /** Starts a call's list afresh. */
  clear: () => void
  /** Where the client's handlers wait for the person; emptied when a call ends. */
  queue: RequestQueue
}

/**
 * A browser MCP client on one server, built on the official SDK: pick the protocol era, connect,
 * read what the server offers, call a tool from a form generated from its input schema (the
 * try-it form), answer what the server asks meanwhile (elicitation, sampling), follow its
 * progress and log, and watch every JSON-RPC exchange. Loaded on demand by the MCP page, so the
 * SDK stays out of the first page's code.
 */
export function McpConsole({ url }: { url: string }) {
  const [revision, setRevision] = useState<ProtocolRevision>('2025-11-25')
  const [state, setState] = useState<ConnectionState>({ status: 'idle' })
  const [entries, setEntries] = useState<TrafficEntry[]>([])
  const [recorder] = useState(
    () =>
      new TrafficRecorder((entry) =>
        setEntries((list) =>
          list.some((known) => known.seq === entry.seq)
            ? list.map((known) => (known.seq === entry.seq ? entry : known))
            : [...list, entry],
        ),
      ),
  )
  const [pending, setPending] = useState<PendingRequest[]>([])
  const [events, setEvents] = useState<CallEvent[]>([])
  const seq = useRef(0)
  const report = (event: CallEvent) =>
    setEvents((list) => [...list, { ...event, seq: ++seq.current }])
  const [queue] = useState(
    () => new RequestQueue(setPending, (log) => report({ seq: 0, kind: 'log', log })),
  )
  const watch: CallWatch = { pending, events, report, clear: () => setEvents([]), queue }
  // The connection of this render, closed when it is replaced (disconnect, era switch) or the
  // console goes away.
  const connection = state.status === 'connected' ? state.connection : undefined
  useEffect(() => () => void connection?.close(), [connection])
  // Counts connect attempts: one that ends after a newer one started, or after the console went
  // away, is closed instead of shown.
  const attempt = useRef(0)
  useEffect(
    () => () => {
      attempt.current++
    },
    [],
  )

  const connect = async () => {
    const current = ++attempt.current
    setState({ status: 'connecting' })
    recorder.challenge = undefined
    recorder.refusal = undefined
    try {
      const opened = await connectMcp(url, revision, recorder, queue)
      if (current === attempt.current) setState({ status: 'connected', connection: opened })
      else void opened.close()
    } catch (error) {
      if (current === attempt.current) {
        setState({ status: 'failed', failure: toFailure(error, recorder) })
      }
    }
  }
  const disconnect = () => {
    attempt.current++
    setState({ status: 'idle' })
  }

  return (
    <>
      <section class="card mcp-controls" aria-label="Connection">
        <label>
          Protocol era
          <select
            data-testid="mcp-era"
            value={revision}
            onChange={(event) => {
              const chosen = PROTOCOL_ERAS.find((era) => era === event.currentTarget.value)
              if (!chosen) return
              setRevision(chosen)
              // A connection speaks one era: switching ends it.
              disconnect()
            }}
          >
            {PROTOCOL_ERAS.map((era) => (
              <option key={era} value={era}>
                {era} {era === '2025-11-25' ? '(initialize)' : '(server/discover)'}
              </option>
            ))}
          </select>
        </label>
        {connection ? (
          <button type="button" class="ghost" data-testid="mcp-disconnect" onClick={disconnect}>
            Disconnect
          </button>
        ) : (
          // aria-disabled, not disabled: a disabled button drops the keyboard focus to the body.
          <button
            type="button"
            data-testid="mcp-connect"
            aria-disabled={state.status === 'connecting' ? 'true' : undefined}
            onClick={() => {
              if (state.status !== 'connecting') void connect()
            }}
          >
            {state.status === 'connecting' ? 'Connecting…' : 'Connect'}
          </button>
        )}
        <span class="muted" role="status">
          {state.status === 'connected'
            ? `Connected, protocol ${state.connection.protocolVersion ?? 'unknown'}`
            : state.status === 'connecting'
              ? 'Connecting…'
              : 'Not connected'}
        </span>
      </section>
      {state.status === 'failed' && <FailureNotice failure={state.failure} action="connect" />}
      {connection && <ConnectedServer connection={connection} recorder={recorder} watch={watch} />}
      <TrafficLog entries={entries} onClear={() => setEntries([])} />
    </>
  )
}

function ConnectedServer({
  connection,
  recorder,
  watch,
}: {
  connection: McpConnection
  recorder: TrafficRecorder
  watch: CallWatch
}) {
  const { serverInfo, capabilities, instructions, tools } = connection
  return (
    <>
      <section class="card mcp-section" aria-labelledby="mcp-server-heading">
        <h2 id="mcp-server-heading">Server</h2>
        <dl class="mcp-facts">
          <dt>Name</dt>
          <dd>
            <code>{serverInfo?.name ?? '(not given)'}</code>
            {serverInfo?.version && <span class="muted"> v{serverInfo.version}</span>}
          </dd>
          {serverInfo?.title && (
            <>
              <dt>Title</dt>
              <dd>{serverInfo.title}</dd>
            </>
          )}
          {serverInfo?.description && (
            <>
              <dt>Description</dt>
              <dd>{serverInfo.description}</dd>
            </>
          )}
          <dt>Protocol</dt>
          <dd>
            <code>{connection.protocolVersion ?? 'unknown'}</code>
          </dd>
          {instructions && (
            <>
              <dt>Instructions</dt>
              <dd>{instructions}</dd>
            </>
          )}
        </dl>
        <details>
          <summary>Capabilities</summary>
          <pre>
            <code>{JSON.stringify(capabilities ?? {}, null, 2)}</code>
          </pre>
        </details>
      </section>
      <ToolsSection tools={tools} connection={connection} recorder={recorder} watch={watch} />
      <PromptsSection connection={connection} />
      <ResourcesSection connection={connection} />
    </>
  )
}

function ToolsSection({
  tools,
  connection,
  recorder,
  watch,
}: {
  tools: Tool[]
  connection: McpConnection
  recorder: TrafficRecorder
  watch: CallWatch
}) {
  const [selected, setSelected] = useState(tools[0]?.name)
  const tool = tools.find((candidate) => candidate.name === selected)
  return (
    <section class="card mcp-section" aria-labelledby="mcp-tools-heading">
      <h2 id="mcp-tools-heading">Tools</h2>
      {tools.length === 0 ? (
        <p class="muted">This server offers no tools.</p>
      ) : (
        <div class="mcp-tools">
          <ul class="mcp-tool-list" data-testid="mcp-tools" aria-label="Tools">
            {tools.map((candidate) => (
              <li key={candidate.name}>
                <button
                  type="button"
                  class="mcp-tool-item"
                  aria-pressed={candidate.name === selected}
                  onClick={() => {
                    setSelected(candidate.name)
                    // What another tool's call reported does not belong under this one.
                    if (candidate.name !== selected) watch.clear()
                  }}
                >
                  <code>{candidate.name}</code>
                  {candidate.title && <span class="muted">{candidate.title}</span>}
                </button>
              </li>
            ))}
          </ul>
          {/* Keyed by tool: another tool starts with its own fresh form and no answer. */}
          {tool && (
            <ToolCaller
              key={tool.name}
              tool={tool}
              connection={connection}
              recorder={recorder}
              watch={watch}
            />
          )}
        </div>
      )}
    </section>
  )
}

/** One tool: what it is, its form, the server's requests while it runs, its progress, its result. */
function ToolCaller({
  tool,
  connection,
  recorder,
  watch,
}: {
  tool: Tool
  connection: McpConnection
  recorder: TrafficRecorder
  watch: CallWatch
}) {
  const [{ schema, components }] = useState(() => formSchema(tool.inputSchema))
  const form = useSchemaForm(schema, components)
  const [argumentsError, setArgumentsError] = useState<string>()
  const [call, setCall] = useState<CallState>({ status: 'idle' })
  const [asTask, setAsTask] = useState(false)
  const { tasks } = connection

  const callTool = async () => {
    if (call.status === 'calling') return
    const args = parseArguments(form.body)
    if (typeof args === 'string') {
      // Said beside the raw text when there is one; a form's value is JSON by construction.
      if (form.raw === undefined) setArgumentsError(args)
      else form.setRawError(args)
      return
    }
    setArgumentsError(undefined)
    form.setRawError(undefined)
    setCall({ status: 'calling', tool: tool.name })
    watch.clear()
    recorder.challenge = undefined
    recorder.refusal = undefined
    const started = performance.now()
    try {
      if (tasks && asTask) {
        const answer = await tasks.call(tool.name, args)
        setCall(
          answer.kind === 'task'
            ? { status: 'task', tool: tool.name, task: answer.task }
            : {
                status: 'done',
                tool: tool.name,
                result: answer.result,
                durationMs: Math.round(performance.now() - started),
              },
        )
        return
      }
      const result = await connection.callTool(tool.name, args, (progress) =>
        watch.report({ seq: 0, kind: 'progress', progress }),
      )
      setCall({
        status: 'done',
        tool: tool.name,
        result,
        durationMs: Math.round(performance.now() - started),
      })
    } catch (error) {
      setCall({ status: 'failed', tool: tool.name, failure: toFailure(error, recorder) })
    } finally {
      // A question the server asked and no longer waits for is not left on screen.
      watch.queue.cancelAll()
    }
  }

  return (
    <div class="mcp-tool">
      <h3>
        <code>{tool.name}</code>
      </h3>
      {tool.title && <p class="mcp-tool-title">{tool.title}</p>}
      {tool.description && <p>{tool.description}</p>}
      <ToolHints tool={tool} />
      <details>
        <summary>Input schema</summary>
        <pre>
          <code>{JSON.stringify(tool.inputSchema, null, 2)}</code>
        </pre>
      </details>
      {tool.outputSchema && (
        <details>
          <summary>Output schema</summary>
          <pre>
            <code>{JSON.stringify(tool.outputSchema, null, 2)}</code>
          </pre>
        </details>
      )}
      <form
        class="try-it"
        noValidate
        aria-label={`Arguments of ${tool.name}`}
        onSubmit={(event) => {
          event.preventDefault()
          void callTool()
        }}
      >
        <SchemaFormFields
          form={form}
          schema={schema}
          components={components}
          idPrefix={`mcp-${tool.name}`}
          rawLabel="Arguments (JSON)"
          testId="mcp-arguments"
        />
        {argumentsError && (
          <p class="error" role="alert" data-testid="mcp-arguments-error">
            {argumentsError}
          </p>
        )}
        {tasks && (
          <label class="task-toggle">
            <input
              type="checkbox"
              data-testid="mcp-as-task"
              checked={asTask}
              onChange={(event) => setAsTask(event.currentTarget.checked)}
            />
            Allow a task (declare <code>io.modelcontextprotocol/tasks</code>)
          </label>
        )}
        <button
          type="submit"
          data-testid="mcp-call"
          aria-disabled={call.status === 'calling' ? 'true' : undefined}
        >
          {call.status === 'calling' ? 'Calling…' : `Call ${tool.name}`}
        </button>
      </form>
      <ServerRequestsPane pending={watch.pending} />
      <CallProgress events={watch.events} running={call.status === 'calling'} />
      <div class="mcp-result" data-testid="mcp-result" aria-live="polite">
        <CallOutcome call={call} connection={connection} queue={watch.queue} />
      </div>
    </div>
  )
}

/** The tool's behaviour hints, as badges; nothing when none is set. */
function ToolHints({ tool }: { tool: Tool }) {
  const hints = tool.annotations ?? {}
  const badges = [
    hints.readOnlyHint && 'read-only',
    hints.destructiveHint && 'destructive',
    hints.idempotentHint && 'idempotent',
    hints.openWorldHint && 'open world',
  ].filter((badge) => typeof badge === 'string')
  if (badges.length === 0) return null
  return (
    <p class="row">
      {badges.map((badge) => (
        <span key={badge} class="badge">
          {badge}
        </span>
      ))}
    </p>
  )
}

function CallOutcome({
  call,
  connection,
  queue,
}: {
  call: CallState
  connection: McpConnection
  queue: RequestQueue
}) {
  switch (call.status) {
    case 'idle':
      return <p class="muted">No call yet.</p>
    case 'calling':
      return <p aria-busy="true">Calling {call.tool}…</p>
    case 'failed':
      return <FailureNotice failure={call.failure} action="call" />
    case 'done':
      return <ToolResult tool={call.tool} result={call.result} durationMs={call.durationMs} />
    case 'task':
      return connection.tasks ? (
        <McpTaskView
          key={call.task.taskId}
          tool={call.tool}
          initial={call.task}
          wire={connection.tasks}
          answerer={queue}
        />
      ) : null
  }
}

function FailureNotice({ failure, action }: { failure: Failure; action: 'connect' | 'call' }) {
  const token = useAccessToken()
  if (failure.challenge === undefined) {
    return (
      <p role="alert" class="error">
        Could not {action}: {failure.message}
      </p>
    )
  }
  return (
    <div role="alert" class="card mcp-unauthorized">
      <p>
        <strong>401 Unauthorized.</strong>{' '}
        {token
          ? 'The server refused the stored access token. Use the Authorize button at the top to paste a valid one, then '
          : 'This server needs an access token. Use the Authorize button at the top to paste one, then '}
        {action === 'connect' ? 'connect again.' : 'call again.'}
      </p>
      {failure.challenge && (
        <>
          <p class="muted mcp-small">The server's challenge:</p>
          <pre>
            <code>WWW-Authenticate: {failure.challenge}</code>
          </pre>
        </>
      )}
    </div>
  )
}

function toFailure(error: unknown, recorder: TrafficRecorder): Failure {
  const message = error instanceof Error ? error.message : String(error)
  if (recorder.challenge !== undefined) return { message, challenge: recorder.challenge }
  const { refusal } = recorder
  if (!refusal) return { message }
  // The SDK quotes the refused answer's body after its own words: the server's reason is in it.
  const reason = serverReason(message)
  return {
    message: `the server refused the request with HTTP ${refusal.status}${refusal.statusText ? ` ${refusal.statusText}` : ''}${reason ? `: ${reason}` : ''}.`,
  }
}

/** The reason in a refused answer's body the SDK's message quotes (JSON-RPC error or problem). */
function serverReason(message: string): string | undefined {
  const start = message.indexOf('{')
  if (start < 0) return undefined
  try {
    const body = JSON.parse(message.slice(start)) as {
      error?: { message?: unknown }
      detail?: unknown
      title?: unknown
    }
    const reason = body.error?.message ?? body.detail ?? body.title
    return typeof reason === 'string' ? reason : undefined
  } catch {
    return undefined
  }
}
