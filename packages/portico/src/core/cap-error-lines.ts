/** How many errors of one file are printed before the rest is counted. */
const shownErrorLimit = 20

/**
 * Joins one line per error, the first `shownErrorLimit` of them, then `… and N more`: a file
 * with many mistakes shows them all up to a screenful, never just the first.
 */
export function capErrorLines(lines: readonly string[]): string {
  const shown = lines.slice(0, shownErrorLimit)
  const more = lines.length - shown.length
  return [...shown, ...(more > 0 ? [`… and ${more} more`] : [])].join('\n')
}
