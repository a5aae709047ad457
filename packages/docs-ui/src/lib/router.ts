import { useEffect, useState } from 'preact/hooks'

/**
 * The docs site routes in the URL's fragment (`/#/tools/Notes_create`): the server never sees
 * them, so no client route can shadow a server route, and every page has a URL to share.
 */
export interface Route {
  /** Decoded path segments after `#/`: `['tools', 'Notes_create']`; `[]` is the overview. */
  segments: string[]
}

/** The link to a page: `href('tools', 'Notes_create')` → `#/tools/Notes_create`. */
export function href(...segments: string[]): string {
  return `#/${segments.map(encodeURIComponent).join('/')}`
}

function readRoute(hash: string = location.hash): Route {
  const path = hash.replace(/^#\/?/, '')
  const segments = path === '' ? [] : path.split('/').map(safeDecode)
  return { segments }
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** The current route; re-renders on every fragment change. */
export function useRoute(): Route {
  const [route, setRoute] = useState(readRoute)
  useEffect(() => {
    const update = () => setRoute(readRoute())
    addEventListener('hashchange', update)
    return () => removeEventListener('hashchange', update)
  }, [])
  return route
}
