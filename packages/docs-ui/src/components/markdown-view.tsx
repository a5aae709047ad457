import type { ComponentChildren } from 'preact'
import { useEffect, useMemo, useRef, useState } from 'preact/hooks'
import type { DocumentState } from '../lib/documents.js'
import {
  type FrontmatterEntry,
  HEADING_ID_PREFIX,
  type MarkdownOptions,
  parseSimpleFrontmatter,
  renderMarkdown,
} from '../lib/markdown.js'

/** Markdown rendered safely (see `renderMarkdown`) with the site's document typography. */
export function MarkdownView({ source, options }: { source: string; options?: MarkdownOptions }) {
  const { headingOffset, resolveRelative } = options ?? {}
  const html = useMemo(
    () =>
      renderMarkdown(source, {
        ...(headingOffset === undefined ? {} : { headingOffset }),
        ...(resolveRelative ? { resolveRelative } : {}),
      }),
    [source, headingOffset, resolveRelative],
  )
  const container = useRef<HTMLDivElement>(null)
  // The fragment holds the route, so a `#heading` link scrolls to the heading instead of
  // navigating; the click is the link's (keyboard activation included), caught here once.
  useEffect(() => {
    const element = container.current
    if (!element) return
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element).closest('a[href^="#"]')
      const fragment = link?.getAttribute('href')?.slice(1)
      if (!fragment || fragment.startsWith('/')) return
      event.preventDefault()
      const id = `${HEADING_ID_PREFIX}${safeDecode(fragment)}`
      element.querySelector(`[id="${CSS.escape(id)}"]`)?.scrollIntoView({ block: 'start' })
    }
    element.addEventListener('click', onClick)
    return () => element.removeEventListener('click', onClick)
  }, [])
  // Safe to inject: renderMarkdown escapes raw HTML and drops unsafe URLs.
  return <div ref={container} class="markdown" dangerouslySetInnerHTML={{ __html: html }} />
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

/**
 * Frontmatter as a table of its `key: value` lines, or as raw text when it uses more YAML than
 * that; `renderValue` may turn a value into links.
 */
export function FrontmatterView({
  text,
  renderValue,
}: {
  text: string
  renderValue?: (entry: FrontmatterEntry) => ComponentChildren
}) {
  const entries = useMemo(() => parseSimpleFrontmatter(text), [text])
  if (!entries) return <pre class="frontmatter-raw">{text.trim()}</pre>
  return (
    <table class="frontmatter">
      <caption class="visually-hidden">Frontmatter</caption>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.key}>
            <th scope="row">{entry.key}</th>
            <td>{renderValue?.(entry) ?? plainValue(entry.value)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function plainValue(value: FrontmatterEntry['value']): ComponentChildren {
  if (typeof value === 'string') return value
  return (
    <ul class="inline-list">
      {value.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  )
}

/** A file as fetched: its type, and its text unless its bytes are not UTF-8 text. */
export interface FetchedFile {
  contentType: string
  /** Absent for binary content (NUL bytes, or not valid UTF-8). */
  text?: string
}

const files = new Map<string, Promise<FetchedFile>>()

/** Fetches a file once per page load; rejects on a non-2xx answer. */
function loadFile(path: string): Promise<FetchedFile> {
  let pending = files.get(path)
  if (pending === undefined) {
    pending = fetch(path).then(async (response) => {
      if (!response.ok) throw new Error(`${path} answered ${response.status}`)
      const contentType = response.headers.get('content-type') ?? ''
      const text = decodeText(new Uint8Array(await response.arrayBuffer()))
      return text === undefined ? { contentType } : { contentType, text }
    })
    files.set(path, pending)
    pending.catch(() => files.delete(path))
  }
  return pending
}

/** The bytes as text, or `undefined` when they look binary (the server types scripts as octet-stream). */
function decodeText(bytes: Uint8Array): string | undefined {
  if (bytes.includes(0)) return undefined
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return undefined
  }
}

/**
 * The path of a URL the documents give: they hold absolute links, but the page may connect
 * only to its own origin (and, in development, reaches the server through the proxy).
 */
export function localPath(url: string): string {
  const parsed = new URL(url, location.href)
  return `${parsed.pathname}${parsed.search}`
}

/** Loads a published file (`undefined`: nothing to load), re-rendering when it arrives. */
export function useFile(url: string | undefined): DocumentState<FetchedFile> | undefined {
  const path = url === undefined ? undefined : localPath(url)
  const [loaded, setLoaded] = useState<{ path: string; state: DocumentState<FetchedFile> }>()
  useEffect(() => {
    if (path === undefined) return
    let current = true
    loadFile(path).then(
      (value) => current && setLoaded({ path, state: { status: 'ready', value } }),
      (error: unknown) =>
        current &&
        setLoaded({
          path,
          state: {
            status: 'failed',
            message: error instanceof Error ? error.message : String(error),
          },
        }),
    )
    return () => {
      current = false
    }
  }, [path])
  if (path === undefined) return undefined
  // A state of the previous path is never shown for the new one.
  return loaded?.path === path ? loaded.state : { status: 'loading' }
}
