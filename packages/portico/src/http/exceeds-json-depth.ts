/**
 * How deep a request body's arrays and objects may nest: far past any real input, and far
 * short of where a validator of a recursive schema (or a tool walking its input) runs out of
 * stack, which a few thousand levels do. Python's default recursion limit is about the same.
 */
export const MAX_JSON_DEPTH = 1000

const QUOTE = 0x22
const BACKSLASH = 0x5c
const OPENERS = new Set([0x5b, 0x7b])
const CLOSERS = new Set([0x5d, 0x7d])

/**
 * Whether JSON text nests arrays and objects deeper than `maxDepth`, in one pass over the text
 * (brackets inside strings do not count). Text too short to nest that deep as valid JSON is not
 * scanned: a typical call costs nothing, and text that is not JSON fails its parse anyway.
 *
 * @example
 * exceedsJsonDepth('[[1]]', 1) // true
 */
export function exceedsJsonDepth(text: string, maxDepth: number = MAX_JSON_DEPTH): boolean {
  if (text.length < 2 * (maxDepth + 1)) return false
  let depth = 0
  let inString = false
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index)
    if (inString) {
      if (code === BACKSLASH) index += 1
      else if (code === QUOTE) inString = false
    } else if (code === QUOTE) {
      inString = true
    } else if (OPENERS.has(code)) {
      depth += 1
      if (depth > maxDepth) return true
    } else if (CLOSERS.has(code)) {
      depth -= 1
    }
  }
  return false
}
