import type { CreateMessageRequestParams, ElicitResult } from '@modelcontextprotocol/client'
import { useState } from 'preact/hooks'
import { SchemaFormFields, useSchemaForm } from '../components/schema-form.js'
import { formSchema } from './form-schema.js'
import { parseArguments } from './parse-arguments.js'
import type { PendingRequest } from './request-queue.js'

/**
 * What the server asks during a call, one card per request, answered here: an elicitation as a
 * form generated from its requested schema (Accept, Decline, Cancel), a sampling request as the
 * conversation it sends with a box for the reply the person writes in the model's place.
 */
export function ServerRequestsPane({ pending }: { pending: PendingRequest[] }) {
  if (pending.length === 0) return null
  return (
    <section class="mcp-requests" data-testid="mcp-requests" aria-labelledby="mcp-requests-heading">
      <h4 id="mcp-requests-heading">The server asks</h4>
      {pending.map((request) =>
        request.kind === 'elicit' ? (
          <ElicitationCard key={request.id} request={request} />
        ) : (
          <SamplingCard key={request.id} request={request} />
        ),
      )}
    </section>
  )
}

function ElicitationCard({ request }: { request: Extract<PendingRequest, { kind: 'elicit' }> }) {
  const [{ schema, components }] = useState(() => formSchema(request.params.requestedSchema))
  const form = useSchemaForm(schema, components)
  const [error, setError] = useState<string>()
  const idPrefix = `mcp-elicit-${request.id}`
  return (
    <form
      class="card mcp-request try-it"
      data-testid="mcp-elicitation"
      noValidate
      aria-label="Elicitation request"
      onSubmit={(event) => {
        event.preventDefault()
        const content = parseArguments(form.body)
        if (typeof content !== 'string')
          request.answer({ action: 'accept', content: content as ElicitContent })
        else if (form.raw === undefined) setError(content)
        else form.setRawError(content)
      }}
    >
      <p>
        <span class="badge">elicitation/create</span> {request.params.message}
      </p>
      <SchemaFormFields
        form={form}
        schema={schema}
        components={components}
        idPrefix={idPrefix}
        rawLabel="Answer (JSON)"
        testId="mcp-elicit"
      />
      {error && (
        <p class="error" role="alert" data-testid="mcp-elicit-error">
          {error}
        </p>
      )}
      <div class="row">
        <button type="submit" data-testid="mcp-elicit-accept">
          Accept
        </button>
        <button
          type="button"
          class="ghost"
          data-testid="mcp-elicit-decline"
          onClick={() => request.answer({ action: 'decline' })}
        >
          Decline
        </button>
        <button
          type="button"
          class="ghost"
          data-testid="mcp-elicit-cancel"
          onClick={() => request.answer({ action: 'cancel' })}
        >
          Cancel
        </button>
      </div>
    </form>
  )
}

/** What an accepted elicitation carries: the answer's fields. */
type ElicitContent = NonNullable<ElicitResult['content']>

function SamplingCard({ request }: { request: Extract<PendingRequest, { kind: 'sample' }> }) {
  const [reply, setReply] = useState('')
  const [model, setModel] = useState('a person at the docs site')
  const { params } = request
  const replyId = `mcp-sample-${request.id}-reply`
  return (
    <form
      class="card mcp-request try-it"
      data-testid="mcp-sampling"
      aria-label="Sampling request"
      onSubmit={(event) => {
        event.preventDefault()
        request.answer({
          role: 'assistant',
          content: { type: 'text', text: reply },
          model,
          stopReason: 'endTurn',
        })
      }}
    >
      <p>
        <span class="badge">sampling/createMessage</span> The server asks for a model's reply
        {params.maxTokens ? ` (at most ${params.maxTokens} tokens)` : ''}: write it in its place.
      </p>
      {params.systemPrompt && (
        <p class="muted">
          System prompt: <q>{params.systemPrompt}</q>
        </p>
      )}
      <ol class="mcp-sample-messages">
        {params.messages.map((message, index) => (
          <li key={index}>
            <strong>{message.role}</strong>: {messageText(message.content)}
          </li>
        ))}
      </ol>
      <div class="field">
        <label for={replyId}>Reply</label>
        <textarea
          id={replyId}
          rows={3}
          data-testid="mcp-sample-reply"
          value={reply}
          onInput={(event) => setReply(event.currentTarget.value)}
        />
      </div>
      <div class="field">
        <label for={`${replyId}-model`}>Model name sent with it</label>
        <input
          id={`${replyId}-model`}
          type="text"
          value={model}
          onInput={(event) => setModel(event.currentTarget.value)}
        />
      </div>
      <div class="row">
        <button type="submit" data-testid="mcp-sample-send">
          Send reply
        </button>
        <button
          type="button"
          class="ghost"
          data-testid="mcp-sample-refuse"
          onClick={() => request.refuse('The person at the docs site refused the sampling request')}
        >
          Refuse
        </button>
      </div>
    </form>
  )
}

/** A sampling message's content as text: its text, or what kind of content it is. */
function messageText(content: CreateMessageRequestParams['messages'][number]['content']): string {
  const parts = Array.isArray(content) ? content : [content]
  return parts.map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join(' ')
}
