import { useEffect, useState } from 'preact/hooks'

type CopyState = 'idle' | 'copied' | 'failed'

/** Writes text to the clipboard; outside a secure context, through a selected textarea. */
async function copyText(text: string): Promise<void> {
  if (navigator.clipboard) return navigator.clipboard.writeText(text)
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.style.position = 'fixed'
  area.style.opacity = '0'
  document.body.append(area)
  area.select()
  const copied = document.execCommand('copy')
  area.remove()
  if (!copied) throw new Error('copy refused')
}

/**
 * A Copy button. `what` names the copied thing for screen readers ("Copy the MCP URL"); the
 * outcome is announced through a live region, and the label comes back after a moment.
 */
export function CopyButton({ text, what }: { text: string; what: string }) {
  const [state, setState] = useState<CopyState>('idle')
  useEffect(() => {
    if (state === 'idle') return
    const timer = setTimeout(() => setState('idle'), 1800)
    return () => clearTimeout(timer)
  }, [state])
  return (
    <>
      <button
        type="button"
        class="ghost copy-button"
        aria-label={`Copy ${what}`}
        onClick={() =>
          copyText(text).then(
            () => setState('copied'),
            () => setState('failed'),
          )
        }
      >
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : 'Copy'}
      </button>
      <span class="visually-hidden" role="status">
        {state === 'copied' ? `Copied ${what}` : state === 'failed' ? 'Could not copy' : ''}
      </span>
    </>
  )
}
