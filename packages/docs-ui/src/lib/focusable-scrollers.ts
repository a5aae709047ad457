/** The site's boxes that scroll when their content is wider (or taller) than they are. */
const SCROLLERS = 'pre, .table-scroll, .markdown table'

/** What marks a tab stop this module added, so it removes only its own. */
const MARK = 'data-scroll-stop'

/**
 * Keeps every scrolling code block and table under `root` reachable by keyboard (WCAG 2.1.1,
 * axe `scrollable-region-focusable`): one that overflows gets `tabindex="0"` so the arrow keys
 * scroll it, and loses it again when it fits (a wider window, shorter content), so a block that
 * does not scroll is no extra Tab stop. Checked once per frame after the page changes or resizes.
 * Returns the function that stops watching.
 */
export function keepScrollersFocusable(root: HTMLElement): () => void {
  let frame: number | undefined
  const check = () => {
    frame = undefined
    for (const box of root.querySelectorAll<HTMLElement>(SCROLLERS)) {
      const scrolls = box.scrollWidth > box.clientWidth || box.scrollHeight > box.clientHeight
      if (scrolls && !box.hasAttribute('tabindex')) {
        box.tabIndex = 0
        box.setAttribute(MARK, '')
      } else if (!scrolls && box.hasAttribute(MARK)) {
        box.removeAttribute('tabindex')
        box.removeAttribute(MARK)
      }
    }
  }
  const schedule = () => {
    frame ??= requestAnimationFrame(check)
  }
  const observer = new MutationObserver(schedule)
  observer.observe(root, {
    childList: true,
    subtree: true,
    characterData: true,
    // A `<details>` opening shows a block that was hidden, so measured as 0 wide.
    attributes: true,
    attributeFilter: ['open'],
  })
  addEventListener('resize', schedule)
  schedule()
  return () => {
    observer.disconnect()
    removeEventListener('resize', schedule)
    if (frame !== undefined) cancelAnimationFrame(frame)
  }
}
