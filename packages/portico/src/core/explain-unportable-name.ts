/**
 * Why a file or folder name cannot go into a zip or a catalog, or undefined when it can. Legal
 * on Linux and macOS, `\` and `:` change what the name means elsewhere: a zip path separates
 * folders with `/` alone (APPNOTE 6.3.10 §4.4.17), and Windows reads `\` as a separator and
 * `:` as a drive or an alternate data stream, so an unzip there would write outside the folder
 * (zip-slip) or under another name.
 *
 * @example
 * import { explainUnportableName } from './explain-unportable-name.js'
 * explainUnportableName('a\\b.md') // 'its name holds "\", which …; rename it'
 * explainUnportableName('a b.md') // undefined
 */
export function explainUnportableName(name: string): string | undefined {
  if (name.includes('\\')) {
    return 'its name holds "\\", which a zip may not hold (APPNOTE §4.4.17: "/" alone separates folders) and Windows reads as a folder separator, so the file would unpack elsewhere; rename it'
  }
  if (name.includes(':')) {
    return 'its name holds ":", which Windows reads as a drive or a data stream, so the file would unpack elsewhere or under another name; rename it'
  }
  return undefined
}
