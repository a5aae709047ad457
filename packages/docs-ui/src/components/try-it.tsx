import { useState } from 'preact/hooks'
import { loginUrl, relogInUrl, useAccessToken, useTokenExpired } from '../lib/access-token.js'
import type { McpServerRef } from '../lib/call-snippets.js'
import type { Components, OpenApiSchema } from '../lib/json-schema.js'
import { callTool, type RestCallResult, readProblem } from '../lib/rest-call.js'
import { RESPOND_ASYNC } from '../lib/rest-task.js'
import { challengedScopes } from '../lib/token-scopes.js'
import { CallHistoryPanel } from './call-history-panel.js'
import { CallSnippets } from './call-snippets.js'
import { SchemaFormFields, useSchemaForm } from './schema-form.js'
import { StartedTask, TaskToggle } from './task-progress.js'
import { RefusedScopes } from './tool-scopes.js'

type CallState =
  | { status: 'idle' }
  | { status: 'pending' }
  | { status: 'done'; result: RestCallResult }
  | { status: 'failed'; message: string }

/**
 * The try-it panel of a tool: a form generated from its input schema (or the raw JSON body),
 * a Call button that POSTs it to the tool's REST URL with the stored access token, the answer,
 * and the same call as `curl`. A validation answer (422) puts each message beside its field.
 */
export function TryIt({
  toolId,
  url,
  schema,
  components,
  onSuccess,
  mcp,
  task = false,
}: {
  toolId: string
  url: string
  schema: OpenApiSchema
  components: Components
  /** Told of each call the server answered with a 2xx: the input sent and the answer. */
  onSuccess?: ((input: unknown, result: RestCallResult) => void) | undefined
  /** The MCP server the code snippets call the tool on; without one, only REST is shown. */
  mcp?: McpServerRef | undefined
  /** A `@task` tool: the form offers to call it as a task, and follows the task it starts. */
  task?: boolean
}) {
  const token = useAccessToken()
  const [asTask, setAsTask] = useState(task)
  const form = useSchemaForm(schema, components)
  const [call, setCall] = useState<CallState>({ status: 'idle' })
  const { body } = form
  const fieldErrors =
    call.status === 'done' && call.result.status >= 400
      ? (readProblem(call.result.json)?.errors ?? [])
      : []
  /** Calls the tool with `sent` (the form's input, or one run again from the history). */
  const send = (sent = body) => {
    if (call.status === 'pending') return
    setCall({ status: 'pending' })
    callTool(url, sent, asTask ? { prefer: RESPOND_ASYNC } : {}).then(
      (result) => {
        setCall({ status: 'done', result })
        // The body reached the server: what the JSON check said of an earlier draft is stale.
        if (result.status < 400) form.setRawError(undefined)
        // A 202 is a task, not the result: the task shows that when it ends.
        if (onSuccess && result.status >= 200 && result.status < 300 && result.status !== 202) {
          let input: unknown
          try {
            input = JSON.parse(sent)
          } catch {
            input = {}
          }
          onSuccess(input, result)
        }
      },
      (error: unknown) =>
        setCall({
          status: 'failed',
          message: error instanceof Error ? error.message : String(error),
        }),
    )
  }
  /** Puts an input from the history or the saved ones in the form (as JSON text if not JSON). */
  const load = (input: string, run: boolean) => {
    form.load(input)
    if (run) send(input)
  }

  return (
    <div class="try-it">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          send()
        }}
      >
        <SchemaFormFields
          form={form}
          schema={schema}
          components={components}
          idPrefix={`try-${toolId}`}
          rawLabel="Request body (JSON)"
          errors={fieldErrors}
        />
        <div class="row">
          {/* aria-disabled, not disabled: a disabled button drops the keyboard focus to the body. */}
          <button
            type="submit"
            data-testid="try-it-call"
            aria-disabled={call.status === 'pending' ? 'true' : undefined}
          >
            {call.status === 'pending' ? 'Calling…' : 'Call'}
          </button>
          <span class="muted">
            <code>POST</code> {new URL(url, location.href).pathname}
          </span>
          {task && <TaskToggle checked={asTask} onChange={setAsTask} />}
        </div>
      </form>
      <ResponsePanel call={call} />
      {call.status === 'done' && <StartedTask result={call.result} />}
      <CallHistoryPanel
        toolId={toolId}
        restPath={new URL(url, location.href).pathname}
        body={body}
        onLoad={load}
      />
      <CallSnippets
        target={{ restUrl: url, body, withToken: token !== undefined, toolId }}
        mcp={mcp}
      />
    </div>
  )
}

/** The answer: status, time, headers, body, and what a refusal or a 422 means for the form. */
function ResponsePanel({ call }: { call: CallState }) {
  const expired = useTokenExpired()
  if (call.status === 'idle') return null
  if (call.status === 'pending') {
    return (
      <p class="muted" aria-busy="true">
        Calling…
      </p>
    )
  }
  if (call.status === 'failed') {
    return (
      <section class="try-it-response" aria-labelledby="try-it-response-title">
        <h3 id="try-it-response-title">Response</h3>
        <p role="alert" class="error" data-testid="try-it-status">
          The request did not reach the server: {call.message}
        </p>
      </section>
    )
  }
  const { result } = call
  const challenge = result.headers.find(([name]) => name === 'www-authenticate')?.[1]
  const refused = result.status === 401 || result.status === 403
  const login = loginUrl()
  const tone = result.status < 300 ? 'ok' : result.status < 400 ? 'info' : 'fail'
  const problem = result.status >= 400 ? readProblem(result.json) : undefined
  const errors = problem?.errors ?? []
  return (
    <section class="try-it-response" aria-labelledby="try-it-response-title">
      <h3 id="try-it-response-title">Response</h3>
      <p class="try-it-summary" role="status">
        <span class={`call-status call-status-${tone}`} data-testid="try-it-status">
          {result.status}
          {result.statusText && ` ${result.statusText}`}
        </span>
        <span class="muted">{result.ms} ms</span>
      </p>
      {problem && (
        <p>
          <strong>{problem.title}</strong>
          {problem.detail && `: ${problem.detail}`}
        </p>
      )}
      {result.status === 403 && <RefusedScopes challenge={challenge} />}
      {refused && !(result.status === 403 && challengedScopes(challenge)) && (
        <div class="auth-notice" role="alert">
          <p>
            {result.status === 401
              ? 'The server wants an access token, or refused the one sent.'
              : 'The access token was accepted, but it may not call this tool.'}{' '}
            {result.status === 401 && expired && login ? (
              <>
                The login expired: <a href={relogInUrl(login)}>Log in again</a>, then call again.
              </>
            ) : (
              <>
                Use the <strong>Authorize</strong> button at the top of the page to set a token,
                then call again.
              </>
            )}
          </p>
          {challenge && (
            <p>
              <code>WWW-Authenticate</code>: <code class="wrap">{challenge}</code>
            </p>
          )}
        </div>
      )}
      {errors.length > 0 && (
        <ul class="problem-errors" aria-label="Validation errors">
          {errors.map((error) => (
            <li key={`${error.path} ${error.message}`}>
              <code>{error.path || '(the input)'}</code> {error.message}
            </li>
          ))}
        </ul>
      )}
      <details class="try-it-headers">
        <summary>Response headers ({result.headers.length})</summary>
        <dl>
          {result.headers.map(([name, value]) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </details>
      <pre class="try-it-body" data-testid="try-it-body">
        <code>
          {result.json === undefined
            ? result.text || '(empty body)'
            : JSON.stringify(result.json, null, 2)}
        </code>
      </pre>
    </section>
  )
}
