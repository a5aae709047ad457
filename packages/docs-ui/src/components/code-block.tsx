import { CopyButton } from './copy-button.js'

/**
 * Preformatted text with a Copy button; `what` names it for the button ("the curl command").
 * JSON keeps its lines and scrolls; a command (`wrap`) wraps, to be read whole on a phone.
 */
export function CodeBlock({
  code,
  what,
  wrap = false,
}: {
  code: string
  what: string
  wrap?: boolean
}) {
  return (
    <div class={wrap ? 'code-block code-wrap' : 'code-block'}>
      <pre>
        <code>{code}</code>
      </pre>
      <CopyButton text={code} what={what} />
    </div>
  )
}

/**
 * One line to copy (a URL, a command), shown in full and wrapping rather than scrolling;
 * `method` is shown before it (`POST`) and not copied.
 */
export function CopyLine({ text, what, method }: { text: string; what: string; method?: string }) {
  return (
    <div class="copy-line">
      {method && <span class="http-method">{method}</span>}
      <code>{text}</code>
      <CopyButton text={text} what={what} />
    </div>
  )
}
