import { useState } from 'preact/hooks'
import {
  type CallRecord,
  clearHistory,
  deleteSavedInput,
  readHistory,
  readSavedInputs,
  saveInput,
  useStoredCalls,
} from '../lib/call-history.js'
import '../styles/call-history.css'

/** Past this many characters an input is cut in a list: the whole one is a click away. */
const PREVIEW_CHARS = 80

function preview(input: string): string {
  const compact = input.replace(/\s+/g, ' ').trim()
  return compact.length > PREVIEW_CHARS ? `${compact.slice(0, PREVIEW_CHARS - 1)}…` : compact
}

/** What a call's status says, in a word or a number. */
function statusLabel(call: CallRecord): { text: string; tone: 'ok' | 'info' | 'fail' } {
  switch (call.outcome) {
    case 'not sent':
      return { text: 'not sent', tone: 'fail' }
    case 'tool error':
      return { text: 'tool error', tone: 'fail' }
    case 'protocol error':
      return { text: `error ${call.status}`, tone: 'fail' }
    default:
      if (call.surface === 'mcp') return { text: 'result', tone: 'ok' }
      return {
        text: String(call.status),
        tone: call.status < 300 ? 'ok' : call.status < 400 ? 'info' : 'fail',
      }
  }
}

/**
 * The calls of this tool made from this tab (try-it, widget, MCP page), newest first, each to
 * edit in the form or run again; and the tool's named inputs, to save the form's input under a
 * name and load it later (kept in this browser). `onLoad` puts an input in the form, and calls
 * the tool with it when `run`.
 */
export function CallHistoryPanel({
  toolId,
  restPath,
  body,
  onLoad,
}: {
  toolId: string
  /** The tool's REST path (`/api/Notes/create`): REST calls are kept by path. */
  restPath: string
  /** The form's input now, as JSON text: what Save keeps. */
  body: string
  onLoad: (input: string, run: boolean) => void
}) {
  const calls = useStoredCalls(readHistory).filter((call) =>
    call.surface === 'rest' ? call.tool === restPath : call.tool === toolId,
  )
  const saved = useStoredCalls(() => readSavedInputs(toolId))
  const [name, setName] = useState('')
  const [saveError, setSaveError] = useState<string | undefined>(undefined)
  const nameId = `saved-name-${toolId}`

  return (
    <div class="call-history">
      <section aria-labelledby="history-title" data-testid="call-history">
        <div class="row history-head">
          <h3 id="history-title">History</h3>
          {calls.length > 0 && (
            <button type="button" class="ghost button-small" onClick={clearHistory}>
              Clear the history
            </button>
          )}
        </div>
        {calls.length === 0 ? (
          <p class="muted text-small">
            The calls of this tool made from this tab (here, by a widget or on the MCP page) are
            listed here, without any token, until the tab closes.
          </p>
        ) : (
          <ol class="history-list">
            {calls.map((call) => {
              const status = statusLabel(call)
              const time = new Date(call.at).toLocaleTimeString()
              const which = `the ${call.surface === 'mcp' ? 'MCP' : 'REST'} call of ${time}`
              return (
                <li key={call.id} class="history-entry" data-testid="history-entry">
                  <span class="history-meta">
                    <time dateTime={call.at}>{time}</time>
                    <span class="badge">{call.surface === 'mcp' ? 'MCP' : 'REST'}</span>
                    <span class={`call-status call-status-${status.tone}`}>{status.text}</span>
                    <span class="muted text-small">{call.ms} ms</span>
                  </span>
                  <code class="history-input" title={call.input}>
                    {preview(call.input)}
                  </code>
                  {call.truncated ? (
                    <span class="muted text-small">Too long to keep whole: shown cut.</span>
                  ) : (
                    <span class="row">
                      <button
                        type="button"
                        class="ghost button-small"
                        onClick={() => onLoad(call.input, false)}
                      >
                        Edit<span class="visually-hidden"> {which}</span>
                      </button>
                      <button
                        type="button"
                        class="ghost button-small"
                        onClick={() => onLoad(call.input, true)}
                      >
                        Run again<span class="visually-hidden"> {which}</span>
                      </button>
                    </span>
                  )}
                </li>
              )
            })}
          </ol>
        )}
      </section>
      <section aria-labelledby="saved-title" data-testid="saved-inputs">
        <div class="row history-head">
          <h3 id="saved-title">Saved inputs</h3>
        </div>
        <form
          class="row saved-form"
          onSubmit={(event) => {
            event.preventDefault()
            const trimmed = name.trim()
            if (trimmed === '') {
              setSaveError('Give the input a name first.')
              return
            }
            try {
              saveInput(toolId, trimmed, body)
              setName('')
              setSaveError(undefined)
            } catch (error) {
              setSaveError(
                `This browser would not keep it: ${error instanceof Error ? error.message : String(error)}`,
              )
            }
          }}
        >
          <label for={nameId}>Name</label>
          <input
            id={nameId}
            type="text"
            autocomplete="off"
            maxLength={80}
            value={name}
            aria-invalid={saveError !== undefined}
            aria-describedby={saveError ? `${nameId}-error` : undefined}
            onInput={(event) => {
              setName(event.currentTarget.value)
              setSaveError(undefined)
            }}
          />
          <button type="submit" class="ghost">
            Keep this input
          </button>
        </form>
        {saveError && (
          <p id={`${nameId}-error`} class="field-error" role="alert">
            {saveError}
          </p>
        )}
        {saved.length === 0 ? (
          <p class="muted text-small">
            Inputs saved here stay in this browser, for this tool, until deleted.
          </p>
        ) : (
          <ul class="history-list">
            {saved.map((entry) => (
              <li key={entry.name} class="history-entry" data-testid="saved-input">
                <span class="history-meta">
                  <strong>{entry.name}</strong>
                </span>
                <code class="history-input" title={entry.input}>
                  {preview(entry.input)}
                </code>
                <span class="row">
                  <button
                    type="button"
                    class="ghost button-small"
                    onClick={() => onLoad(entry.input, false)}
                  >
                    Load<span class="visually-hidden"> {entry.name}</span>
                  </button>
                  <button
                    type="button"
                    class="ghost button-small"
                    onClick={() => deleteSavedInput(toolId, entry.name)}
                  >
                    Delete<span class="visually-hidden"> {entry.name}</span>
                  </button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
