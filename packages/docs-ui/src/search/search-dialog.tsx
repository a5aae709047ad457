import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks'
import { type PluginOverview, useDocument } from '../lib/documents.js'
import { OPEN_API_PATH, type OpenApiDocument } from '../lib/json-schema.js'
import {
  buildSearchIndex,
  type SearchHit,
  type SearchKind,
  searchEntries,
} from '../lib/search-index.js'
import '../styles/search.css'

const KIND_LABELS: Record<SearchKind, string> = {
  tool: 'Tool',
  prompt: 'Prompt',
  skill: 'Skill',
  agent: 'Agent',
}

/** Past this many characters a description is cut: a result is read at a glance. */
const DESCRIPTION_CHARS = 140

function shortened(text: string): string {
  return text.length > DESCRIPTION_CHARS ? `${text.slice(0, DESCRIPTION_CHARS - 1)}…` : text
}

/** Why a result is there, when its name does not say it. */
function reason(hit: SearchHit): string {
  if (hit.field === 'parameter') return `parameter ${hit.parameter ?? ''}`
  if (hit.field === 'description') return 'in its description'
  return ''
}

/**
 * Search across the plugin's tools, prompts, skills and agents, in a modal dialog: a combobox
 * (the text field) that owns a listbox of results. Up and Down move through the results, Enter
 * opens one, Escape closes; the field keeps the focus throughout (`aria-activedescendant`).
 * Tools are found by their input's property names once `/open-api.json` is in.
 */
export function SearchDialog({
  overview,
  asked,
}: {
  overview: PluginOverview
  /**
   * Bumped by each request to open: a count rather than a flag, so that no state can miss a
   * close (Escape closes the dialog itself, and its close event comes a moment later).
   */
  asked: number
}) {
  const dialog = useRef<HTMLDialogElement>(null)
  const input = useRef<HTMLInputElement>(null)
  const api = useDocument<OpenApiDocument>(OPEN_API_PATH)
  const document_ = api.status === 'ready' ? api.value : undefined
  const index = useMemo(() => buildSearchIndex(overview, document_), [overview, document_])
  const [query, setQuery] = useState('')
  const [active, setActive] = useState(0)
  const hits = useMemo(() => searchEntries(index, query), [index, query])

  // At render, not after paint: keys typed right after the shortcut must reach the field.
  useLayoutEffect(() => {
    const element = dialog.current
    if (!element || element.open) return
    element.showModal()
    input.current?.select()
  }, [asked])
  useEffect(() => {
    document.getElementById(`search-result-${active}`)?.scrollIntoView({ block: 'nearest' })
  }, [active, hits])

  const go = (hit: SearchHit | undefined) => {
    if (!hit) return
    // Closed first, so that the page's own focus move (to its content) comes last.
    dialog.current?.close()
    location.hash = hit.entry.href
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      if (hits.length === 0) return
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((active + step + hits.length) % hits.length)
    } else if (event.key === 'Enter') {
      event.preventDefault()
      go(hits[active])
    }
  }
  const expanded = hits.length > 0
  const status =
    query.trim() === ''
      ? 'Type to search tools, prompts, skills and agents by name, description or parameter.'
      : hits.length === 0
        ? `Nothing matches ${query.trim()}.`
        : `${hits.length} ${hits.length === 1 ? 'result' : 'results'}.`

  return (
    <dialog
      ref={dialog}
      class="search-dialog"
      aria-labelledby="search-title"
      data-testid="search-dialog"
    >
      <h2 id="search-title">Search</h2>
      <label for="search-input" class="visually-hidden">
        Search tools, prompts, skills and agents
      </label>
      <input
        ref={input}
        id="search-input"
        type="text"
        role="combobox"
        autocomplete="off"
        spellcheck={false}
        placeholder="Name, description or parameter"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls="search-results"
        aria-activedescendant={expanded ? `search-result-${active}` : undefined}
        aria-describedby="search-status"
        value={query}
        onInput={(event) => {
          setQuery(event.currentTarget.value)
          setActive(0)
        }}
        onKeyDown={onKeyDown}
      />
      <p id="search-status" class="muted text-small" role="status">
        {status}
      </p>
      {expanded && (
        <div id="search-results" role="listbox" aria-label="Results" class="search-results">
          {hits.map((hit, at) => (
            // The field keeps the focus: a click picks, the keys move `active`.
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox handles the keys
            <div
              key={hit.entry.href}
              id={`search-result-${at}`}
              role="option"
              tabIndex={-1}
              aria-selected={at === active}
              class="search-result"
              onClick={() => go(hit)}
              onMouseMove={() => at !== active && setActive(at)}
            >
              <span class="search-result-head">
                <span class="badge">{KIND_LABELS[hit.entry.kind]}</span>
                <span class="search-result-label">{hit.entry.label}</span>
                {hit.entry.kind === 'tool' && (
                  <span class="muted text-small">{hit.entry.names[0]}</span>
                )}
                {reason(hit) && <span class="search-reason text-small">{reason(hit)}</span>}
              </span>
              {hit.entry.description && (
                <span class="search-result-description muted text-small">
                  {shortened(hit.entry.description)}
                </span>
              )}
            </div>
          ))}
        </div>
      )}
      <p class="search-keys muted text-small" aria-hidden="true">
        <kbd>↑</kbd> <kbd>↓</kbd> to move, <kbd>Enter</kbd> to open, <kbd>Esc</kbd> to close
      </p>
    </dialog>
  )
}
