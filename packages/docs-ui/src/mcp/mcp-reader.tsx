import type { GetPromptResult, Prompt, ReadResourceResult } from '@modelcontextprotocol/client'
import type { ComponentChildren } from 'preact'
import { useState } from 'preact/hooks'
import { href } from '../lib/router.js'
import type { McpConnection } from './mcp-connection.js'

/** A read or get in flight, done, or refused (its error's message). */
type Outcome<T> =
  | { status: 'idle' }
  | { status: 'pending' }
  | { status: 'done'; value: T }
  | { status: 'failed'; message: string }

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** Runs `request` into an outcome a pane shows. */
function useOutcome<T>(): [Outcome<T>, (request: () => Promise<T>) => void] {
  const [outcome, setOutcome] = useState<Outcome<T>>({ status: 'idle' })
  const run = (request: () => Promise<T>) => {
    setOutcome({ status: 'pending' })
    request().then(
      (value) => setOutcome({ status: 'done', value }),
      (error: unknown) => setOutcome({ status: 'failed', message: messageOf(error) }),
    )
  }
  return [outcome, run]
}

/** The variables of an RFC 6570 level-1 template (`notes://notes/{id}` → `id`), in order. */
export function templateVariables(template: string): string[] {
  return [...new Set([...template.matchAll(/\{([^{}]+)\}/g)].map((match) => match[1] ?? ''))]
}

/** Fills a level-1 template, each value percent-encoded as RFC 6570 simple expansion does. */
export function expandTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{([^{}]+)\}/g, (_, name: string) =>
    encodeURIComponent(values[name] ?? ''),
  )
}

/** What a `resources/read` answered: each content's text, or what its bytes are. */
function ResourceContents({ result }: { result: ReadResourceResult }) {
  return (
    <>
      {result.contents.map((content) => (
        <div key={content.uri} class="mcp-read">
          <p class="muted mcp-small">
            <code>{content.uri}</code>
            {content.mimeType && <span class="badge">{content.mimeType}</span>}
          </p>
          {'text' in content && typeof content.text === 'string' ? (
            <pre>
              <code>{content.text}</code>
            </pre>
          ) : (
            <p class="muted">
              Binary:{' '}
              {Math.floor(((('blob' in content && String(content.blob)) || '').length * 3) / 4)}{' '}
              bytes (base64 in the log).
            </p>
          )}
        </div>
      ))}
    </>
  )
}

/** A pane's outcome: waiting, the error (as an alert), or `children` with the value. */
function OutcomePane<T>({
  outcome,
  testId,
  children,
}: {
  outcome: Outcome<T>
  testId: string
  children: (value: T) => ComponentChildren
}) {
  if (outcome.status === 'idle') return null
  if (outcome.status === 'pending') return <p aria-busy="true">Asking the server…</p>
  return (
    <div class="mcp-result" data-testid={testId} aria-live="polite">
      {outcome.status === 'failed' ? (
        <p role="alert" class="error">
          The server refused: {outcome.message}
        </p>
      ) : (
        children(outcome.value)
      )}
    </div>
  )
}

/**
 * The server's resources, each to read (`resources/read`), and its templates, each with a field
 * per variable to fill in and read; the contents shown below.
 */
export function ResourcesSection({ connection }: { connection: McpConnection }) {
  const { resources, resourceTemplates = [] } = connection
  const [outcome, read] = useOutcome<ReadResourceResult>()
  const [values, setValues] = useState<Record<string, Record<string, string>>>({})
  return (
    <section class="card mcp-section" aria-labelledby="mcp-resources-heading">
      <h2 id="mcp-resources-heading">Resources</h2>
      {resources === undefined ? (
        <p class="muted">This server does not offer resources.</p>
      ) : (
        <>
          {resources.length === 0 && resourceTemplates.length === 0 && <p class="muted">None.</p>}
          <ul class="mcp-plain-list">
            {resources.map((resource) => (
              <li key={resource.uri}>
                <code>{resource.uri}</code>
                {resource.mimeType && <span class="badge">{resource.mimeType}</span>}{' '}
                <button
                  type="button"
                  class="ghost button-small"
                  onClick={() => read(() => connection.readResource(resource.uri))}
                >
                  Read<span class="visually-hidden"> {resource.uri}</span>
                </button>
                {resource.description && <div class="muted mcp-small">{resource.description}</div>}
              </li>
            ))}
          </ul>
          {resourceTemplates.length > 0 && (
            <>
              <h3>Templates</h3>
              <ul class="mcp-plain-list">
                {resourceTemplates.map((template) => {
                  const filled = values[template.uriTemplate] ?? {}
                  return (
                    <li key={template.uriTemplate}>
                      <form
                        class="row mcp-template"
                        onSubmit={(event) => {
                          event.preventDefault()
                          const uri = expandTemplate(template.uriTemplate, filled)
                          read(() => connection.readResource(uri))
                        }}
                      >
                        <code>{template.uriTemplate}</code>
                        {templateVariables(template.uriTemplate).map((variable) => (
                          <label key={variable} class="mcp-variable">
                            {variable}
                            <input
                              type="text"
                              required
                              value={filled[variable] ?? ''}
                              onInput={(event) =>
                                setValues({
                                  ...values,
                                  [template.uriTemplate]: {
                                    ...filled,
                                    [variable]: event.currentTarget.value,
                                  },
                                })
                              }
                            />
                          </label>
                        ))}
                        <button type="submit" class="ghost button-small">
                          Read<span class="visually-hidden"> {template.uriTemplate}</span>
                        </button>
                      </form>
                      {template.description && (
                        <div class="muted mcp-small">{template.description}</div>
                      )}
                    </li>
                  )
                })}
              </ul>
            </>
          )}
          <OutcomePane outcome={outcome} testId="mcp-resource">
            {(result) => <ResourceContents result={result} />}
          </OutcomePane>
        </>
      )}
    </section>
  )
}

/** The server's prompts, each with a field per argument and Get (`prompts/get`). */
export function PromptsSection({ connection }: { connection: McpConnection }) {
  const { prompts } = connection
  const [outcome, get] = useOutcome<GetPromptResult>()
  return (
    <section class="card mcp-section" aria-labelledby="mcp-prompts-heading">
      <h2 id="mcp-prompts-heading">Prompts</h2>
      {prompts === undefined ? (
        <p class="muted">This server does not offer prompts.</p>
      ) : prompts.length === 0 ? (
        <p class="muted">None.</p>
      ) : (
        <ul class="mcp-plain-list">
          {prompts.map((prompt) => (
            <PromptItem
              key={prompt.name}
              prompt={prompt}
              onGet={(args) => get(() => connection.getPrompt(prompt.name, args))}
            />
          ))}
        </ul>
      )}
      <OutcomePane outcome={outcome} testId="mcp-prompt">
        {(result) => (
          <ol class="mcp-messages">
            {result.messages.map((message, index) => (
              // Messages have no identity but their place.
              <li key={index}>
                <span class="badge">{message.role}</span>{' '}
                {message.content.type === 'text' ? (
                  <span class="mcp-text">{message.content.text}</span>
                ) : (
                  <span class="muted">({message.content.type} content)</span>
                )}
              </li>
            ))}
          </ol>
        )}
      </OutcomePane>
    </section>
  )
}

function PromptItem({
  prompt,
  onGet,
}: {
  prompt: Prompt
  onGet: (args: Record<string, string>) => void
}) {
  const [args, setArgs] = useState<Record<string, string>>({})
  return (
    <li>
      <form
        class="row mcp-template"
        onSubmit={(event) => {
          event.preventDefault()
          // An empty optional argument is left out, as a client that knows it would.
          onGet(Object.fromEntries(Object.entries(args).filter(([, value]) => value !== '')))
        }}
      >
        <a href={href('prompts', prompt.name)}>
          <code>{prompt.name}</code>
        </a>
        {(prompt.arguments ?? []).map((argument) => (
          <label key={argument.name} class="mcp-variable">
            {argument.name}
            {argument.required ? '' : ' (optional)'}
            <input
              type="text"
              required={argument.required === true}
              value={args[argument.name] ?? ''}
              onInput={(event) => setArgs({ ...args, [argument.name]: event.currentTarget.value })}
            />
          </label>
        ))}
        <button type="submit" class="ghost button-small">
          Get<span class="visually-hidden"> {prompt.name}</span>
        </button>
      </form>
      {prompt.description && <div class="muted mcp-small">{prompt.description}</div>}
    </li>
  )
}
