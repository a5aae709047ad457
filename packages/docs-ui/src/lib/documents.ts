import type { PluginOverview } from '../../../portico/src/surfaces/documents/plugin-overview-types.js'
import { type AsyncState, useAsync } from './use-async.js'

export type { PluginOverview }

/** A document the server publishes, fetched once per page load and shared by every page. */
const cache = new Map<string, Promise<unknown>>()

/** Fetches a JSON document of this origin; rejects with the status on a non-2xx answer. */
function loadDocument<T>(path: string): Promise<T> {
  let pending = cache.get(path)
  if (pending === undefined) {
    pending = fetch(path, { headers: { accept: 'application/json' } }).then(async (response) => {
      if (!response.ok) throw new Error(`${path} answered ${response.status}`)
      return response.json()
    })
    cache.set(path, pending)
    pending.catch(() => cache.delete(path))
  }
  return pending as Promise<T>
}

/** The overview of the plugin: identity, style, tools, prompts, skills, agents, servers. */
export const CONTENTS_PATH = '/com.portico.plugin/contents.json'

/** A document's state in a component: loading, loaded, or failed with a message. */
export type DocumentState<T> = AsyncState<T>

/** Loads `path` (see {@link loadDocument}) and re-renders when it arrives. */
export function useDocument<T>(path: string): DocumentState<T> {
  return useAsync(() => loadDocument<T>(path), [path])
}
