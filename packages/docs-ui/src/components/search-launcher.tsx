import { useEffect, useState } from 'preact/hooks'
import type { PluginOverview } from '../lib/documents.js'
// Small (2 KB gzipped) and part of the first page, so that what is typed right after the
// shortcut lands in the field; it fetches nothing (/open-api.json) until it first opens.
import { SearchDialog } from '../search/search-dialog.js'
import '../styles/search-launcher.css'

/** Whether a key typed at `target` is text being written (so `/` is a slash, not a shortcut). */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)
}

/**
 * The top bar's Search button, and the shortcuts that open search from anywhere: `/` (outside
 * a text field) and Ctrl+K or ⌘K.
 */
export function SearchLauncher({ overview }: { overview: PluginOverview }) {
  /** How many times search was asked for: each time opens the dialog (0: never, no dialog). */
  const [asked, setAsked] = useState(0)
  const show = () => setAsked((count) => count + 1)
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const command = (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey
      const shortcut =
        (command && event.key.toLowerCase() === 'k') ||
        (event.key === '/' &&
          !event.ctrlKey &&
          !event.metaKey &&
          !event.altKey &&
          !isTyping(event.target))
      // Another dialog (Authorize) keeps the keyboard while it is open.
      if (!shortcut || document.querySelector('dialog[open]:not(.search-dialog)')) return
      event.preventDefault()
      show()
    }
    addEventListener('keydown', onKey)
    return () => removeEventListener('keydown', onKey)
  }, [])
  return (
    <>
      <button
        type="button"
        class="ghost search-button"
        // The name is what the button says; the key is told by aria-keyshortcuts.
        aria-label="Search"
        aria-keyshortcuts="/ Control+K Meta+K"
        data-testid="search-open"
        onClick={show}
      >
        Search
        <kbd>/</kbd>
      </button>
      {asked > 0 && <SearchDialog overview={overview} asked={asked} />}
    </>
  )
}
