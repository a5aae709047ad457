import type { ComponentChildren } from 'preact'
import type { AsyncState } from '../lib/use-async.js'

/**
 * What a page shows while it waits for a document or a module: a busy line, the value once it
 * arrives, or an alert naming `what` failed. `what` reads in a sentence: "the MCP client".
 */
export function Awaited<T>({
  state,
  what,
  children,
}: {
  state: AsyncState<T>
  what: string
  children: (value: T) => ComponentChildren
}) {
  if (state.status === 'ready') return <>{children(state.value)}</>
  if (state.status === 'failed') {
    return (
      <p role="alert" class="error">
        {what.charAt(0).toUpperCase() + what.slice(1)} could not be loaded ({state.message}). Reload
        the page to try again.
      </p>
    )
  }
  return <p aria-busy="true">Loading {what}…</p>
}
