import { useEffect, useState } from 'preact/hooks'
import { readAccessToken } from './access-token.js'

/**
 * What the site remembers of the calls it made and the inputs a person named. Calls live in
 * `sessionStorage` (this tab, until it closes), named inputs in `localStorage` (this origin, until
 * deleted). Neither holds a token: no header is kept, and the stored token's text is cut out of
 * any input that happens to contain it.
 */

/** The `sessionStorage` key of the calls, newest first. */
export const HISTORY_KEY = 'portico.callHistory'
/** The `localStorage` key of the named inputs, by tool id. */
export const SAVED_INPUTS_KEY = 'portico.savedInputs'
/** What stands where an input held the stored token. */
export const TOKEN_MARK = '[access token]'
/** The calls kept: the oldest go first. */
const HISTORY_LIMIT = 100
/** Past this many characters an input is kept cut, for reading only (no Edit, no Run again). */
export const INPUT_LIMIT = 16_384

/** How a call ended: an answer (REST: any status), MCP's tool or protocol error, or none. */
export type CallOutcome = 'answered' | 'tool error' | 'protocol error' | 'not sent'

/** One call the site made. */
export interface CallRecord {
  /** Unique within the tab. */
  id: string
  surface: 'rest' | 'mcp'
  /** REST: the tool's path (`/api/Notes/create`). MCP: the tool's name. */
  tool: string
  /** MCP: the server's endpoint path (`/mcp`). */
  endpoint?: string
  /** The input as sent: JSON text (REST, as typed) or the arguments as JSON (MCP). */
  input: string
  /** The input was longer than {@link INPUT_LIMIT}: this is its start only. */
  truncated?: true
  /**
   * REST: the HTTP status. MCP: 200 for a result, 500 for a tool error (`isError`), the JSON-RPC
   * error code for an error answer. 0 when no answer came.
   */
  status: number
  outcome: CallOutcome
  /** When it was made, ISO 8601. */
  at: string
  ms: number
}

/** One named input of a tool. */
export interface SavedInput {
  name: string
  input: string
  savedAt: string
}

const listeners = new Set<() => void>()

function notify(): void {
  for (const listener of listeners) listener()
}

/** Cuts the stored token's text out of `text`: an input must never carry it into storage. */
function withoutToken(text: string): string {
  const token = readAccessToken()
  return token && token.length >= 8 ? text.replaceAll(token, TOKEN_MARK) : text
}

function readJson(storage: Storage, key: string): unknown {
  try {
    return JSON.parse(storage.getItem(key) ?? 'null')
  } catch {
    return null
  }
}

function isCallRecord(value: unknown): value is CallRecord {
  if (typeof value !== 'object' || value === null) return false
  const record = value as Record<string, unknown>
  return (
    typeof record.id === 'string' &&
    (record.surface === 'rest' || record.surface === 'mcp') &&
    typeof record.tool === 'string' &&
    typeof record.input === 'string' &&
    typeof record.status === 'number' &&
    typeof record.at === 'string'
  )
}

function isSavedInput(value: unknown): value is SavedInput {
  if (typeof value !== 'object' || value === null) return false
  const saved = value as Record<string, unknown>
  return typeof saved.name === 'string' && typeof saved.input === 'string'
}

/** The calls of this tab, newest first; what is not a call (edited by hand, an old shape) is left out. */
export function readHistory(): CallRecord[] {
  const stored = readJson(sessionStorage, HISTORY_KEY)
  return Array.isArray(stored) ? stored.filter(isCallRecord) : []
}

/** Remembers a call, without any token. Storage full or off: the call is simply not kept. */
export function recordCall(
  call: Omit<CallRecord, 'id' | 'at' | 'input' | 'truncated'> & { input: string },
): void {
  const input = withoutToken(call.input)
  const record: CallRecord = {
    ...call,
    id: `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
    at: new Date().toISOString(),
    input: input.length > INPUT_LIMIT ? input.slice(0, INPUT_LIMIT) : input,
    ...(input.length > INPUT_LIMIT ? { truncated: true as const } : {}),
  }
  try {
    const kept = [record, ...readHistory()].slice(0, HISTORY_LIMIT)
    sessionStorage.setItem(HISTORY_KEY, JSON.stringify(kept))
  } catch {
    return
  }
  notify()
}

/** Forgets every call of this tab. */
export function clearHistory(): void {
  try {
    sessionStorage.removeItem(HISTORY_KEY)
  } catch {
    return
  }
  notify()
}

function readAllSaved(): Record<string, SavedInput[]> {
  const stored = readJson(localStorage, SAVED_INPUTS_KEY)
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return {}
  const all: Record<string, SavedInput[]> = {}
  for (const [toolId, inputs] of Object.entries(stored)) {
    if (Array.isArray(inputs)) all[toolId] = inputs.filter(isSavedInput)
  }
  return all
}

/** The named inputs of a tool, in the order they were first saved. */
export function readSavedInputs(toolId: string): SavedInput[] {
  return readAllSaved()[toolId] ?? []
}

/**
 * Saves `input` as `name` for the tool (replacing one of the same name), without any token.
 * Throws when storage refuses it (full, or off), for the form to say so.
 */
export function saveInput(toolId: string, name: string, input: string): void {
  const all = readAllSaved()
  const saved: SavedInput = { name, input: withoutToken(input), savedAt: new Date().toISOString() }
  const others = all[toolId] ?? []
  const at = others.findIndex((entry) => entry.name === name)
  all[toolId] = at < 0 ? [...others, saved] : others.map((entry, i) => (i === at ? saved : entry))
  localStorage.setItem(SAVED_INPUTS_KEY, JSON.stringify(all))
  notify()
}

/** Deletes a tool's named input. */
export function deleteSavedInput(toolId: string, name: string): void {
  const all = readAllSaved()
  all[toolId] = (all[toolId] ?? []).filter((entry) => entry.name !== name)
  if (all[toolId]?.length === 0) delete all[toolId]
  try {
    localStorage.setItem(SAVED_INPUTS_KEY, JSON.stringify(all))
  } catch {
    return
  }
  notify()
}

/** `read()`, again each time the history or the saved inputs change in this tab. */
export function useStoredCalls<T>(read: () => T): T {
  const [, setVersion] = useState(0)
  useEffect(() => {
    const update = () => setVersion((version) => version + 1)
    listeners.add(update)
    return () => {
      listeners.delete(update)
    }
  }, [])
  // Read at each render: storage is the truth, and a few KB of JSON are cheap to read.
  return read()
}
