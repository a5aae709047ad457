import { useState } from 'preact/hooks'
import type { PluginOverview } from '../lib/documents.js'
import { callMcp, McpRequestError } from '../lib/mcp-json-rpc.js'
import { href } from '../lib/router.js'

type OverviewPrompt = PluginOverview['prompts'][number]

/** One block of a message of MCP `prompts/get`; only text is shown in full. */
interface PromptContent {
  type: string
  text?: string
  mimeType?: string
  uri?: string
  resource?: { uri?: string; text?: string; mimeType?: string }
}

interface PromptMessage {
  role: string
  content: PromptContent
}

/** The result of MCP `prompts/get`. */
interface GetPromptResult {
  description?: string
  messages: PromptMessage[]
}

type RenderState =
  | { status: 'idle' }
  | { status: 'running' }
  | { status: 'done'; result: GetPromptResult }
  | { status: 'failed'; message: string; needsToken: boolean }

/** A prompt of the main MCP server: its arguments, and a form that renders it through `/mcp`. */
export function PromptPage({ overview, name }: { overview: PluginOverview; name: string }) {
  const prompt = overview.prompts.find((candidate) => candidate.name === name)
  if (!prompt) {
    return (
      <section>
        <h1>Prompt not found</h1>
        <p>
          This plugin has no prompt named <code>{name}</code>. Go back to the{' '}
          <a href={href()}>overview</a>.
        </p>
      </section>
    )
  }
  // Keyed so that the form's values never carry over to another prompt.
  return <PromptDetails key={prompt.name} prompt={prompt} />
}

function PromptDetails({ prompt }: { prompt: OverviewPrompt }) {
  const [values, setValues] = useState<Record<string, string>>({})
  const [state, setState] = useState<RenderState>({ status: 'idle' })

  const render = async (event: Event) => {
    event.preventDefault()
    // Empty fields are left out, so a missing required argument gets the server's own error.
    const args = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''))
    setState({ status: 'running' })
    try {
      const result = await callMcp<GetPromptResult>('prompts/get', {
        name: prompt.name,
        arguments: args,
      })
      setState({ status: 'done', result })
    } catch (error) {
      setState({
        status: 'failed',
        message: error instanceof Error ? error.message : String(error),
        needsToken:
          error instanceof McpRequestError && (error.status === 401 || error.status === 403),
      })
    }
  }

  return (
    <article class="doc-page">
      <h1>{prompt.title ?? prompt.name}</h1>
      <p class="muted">
        Prompt <code>{prompt.name}</code> of the main MCP server
      </p>
      {prompt.description && <p>{prompt.description}</p>}

      <h2>Arguments</h2>
      {prompt.arguments.length === 0 ? (
        <p class="muted">This prompt takes no arguments.</p>
      ) : (
        <div class="table-scroll">
          <table class="data-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Description</th>
                <th scope="col">Required</th>
              </tr>
            </thead>
            <tbody>
              {prompt.arguments.map((argument) => (
                <tr key={argument.name}>
                  <td>
                    <code>{argument.name}</code>
                  </td>
                  <td>{argument.description ?? ''}</td>
                  <td>{argument.required ? 'yes' : 'no'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2>Try it</h2>
      {/* noValidate: the server, not the browser, says which argument is missing. */}
      <form class="prompt-form card" onSubmit={render} noValidate>
        {prompt.arguments.map((argument) => {
          const id = `prompt-arg-${argument.name}`
          return (
            <div class="field" key={argument.name}>
              <label for={id}>
                {argument.name}
                {/* Said by aria-required: the label stays the argument's name. */}
                {argument.required && (
                  <span class="badge" aria-hidden="true">
                    required
                  </span>
                )}
              </label>
              <input
                id={id}
                type="text"
                value={values[argument.name] ?? ''}
                aria-required={argument.required}
                {...(argument.description ? { 'aria-describedby': `${id}-hint` } : {})}
                onInput={(event) =>
                  setValues({ ...values, [argument.name]: event.currentTarget.value })
                }
              />
              {argument.description && (
                <small id={`${id}-hint`} class="muted">
                  {argument.description}
                </small>
              )}
            </div>
          )
        })}
        <div class="row">
          <button type="submit" data-testid="prompt-render" disabled={state.status === 'running'}>
            Render
          </button>
          <span class="muted">
            Calls <code>prompts/get</code> on <code>/mcp</code>
          </span>
        </div>
      </form>

      <section data-testid="prompt-result" aria-live="polite" class="prompt-result">
        {state.status === 'running' && <p aria-busy="true">Rendering…</p>}
        {state.status === 'failed' && (
          <p role="alert" class="error">
            {state.message}
            {state.needsToken && ' Use Authorize to give an access token.'}
          </p>
        )}
        {state.status === 'done' && <RenderedMessages result={state.result} />}
      </section>
    </article>
  )
}

function RenderedMessages({ result }: { result: GetPromptResult }) {
  return (
    <>
      <h3>
        Rendered: {result.messages.length} message{result.messages.length === 1 ? '' : 's'}
      </h3>
      <ol class="messages">
        {result.messages.map((message, index) => (
          // The server's order is the only identity a message has.
          <li key={index} class="message">
            <span class="badge">{message.role}</span>
            <pre class="message-text">{contentText(message.content)}</pre>
          </li>
        ))}
      </ol>
    </>
  )
}

/** The text of a content block; a note of its kind for images, audio and links. */
function contentText(content: PromptContent): string {
  if (content.type === 'text') return content.text ?? ''
  if (content.type === 'resource')
    return content.resource?.text ?? `[resource ${content.resource?.uri ?? ''}]`
  if (content.type === 'resource_link') return `[link ${content.uri ?? ''}]`
  return `[${content.type}${content.mimeType ? ` ${content.mimeType}` : ''}]`
}
