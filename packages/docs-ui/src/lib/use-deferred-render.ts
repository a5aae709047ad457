import type { RefObject } from 'preact'
import { useEffect, useState } from 'preact/hooks'

/** How far outside the window a part is drawn, so that scrolling rarely meets an undrawn one. */
const NEAR_WINDOW = '800px'

/**
 * Whether a costly part of a long list is drawn yet: `eager` parts (the first screen) at once,
 * the others when `near` (an element of the part that is always drawn) comes within
 * {@link NEAR_WINDOW} of the window. A page of many parts then costs its first render only what
 * is on screen, instead of one long task that walks every schema (Lighthouse's total blocking
 * time), and parts the reader never scrolls to are never drawn. Without IntersectionObserver
 * everything is drawn at once.
 */
export function useDeferredRender(eager: boolean, near: RefObject<Element | null>): boolean {
  const [drawn, setDrawn] = useState(eager || typeof IntersectionObserver !== 'function')
  useEffect(() => {
    const element = near.current
    if (drawn || !element) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setDrawn(true)
      },
      { rootMargin: NEAR_WINDOW },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [drawn])
  return drawn
}
