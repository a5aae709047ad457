/** One URL a widget page loads, found in an attribute of one of its tags. */
export interface AssetReference {
  /** The tag and attribute as written, lower-cased (`script`, `src`). */
  tag: string
  attribute: string
  /** The URL as written, leading and trailing whitespace aside (as browsers read it). */
  url: string
  /** Where `url` starts and ends in the page (offsets into the string). */
  start: number
  end: number
}

/** The attributes that make a browser load something, per tag. `<a href>` only links. */
const ASSET_ATTRIBUTES: Readonly<Record<string, ReadonlySet<string>>> = {
  script: new Set(['src']),
  link: new Set(['href']),
  img: new Set(['src', 'srcset']),
  source: new Set(['src', 'srcset']),
  video: new Set(['src', 'poster']),
  audio: new Set(['src']),
  track: new Set(['src']),
  embed: new Set(['src']),
  object: new Set(['data']),
  iframe: new Set(['src']),
}

/**
 * Elements whose content is text up to their end tag, never markup: a `<script>` that writes
 * `'<img src=x>'` into a string holds no `<img>`. Not `<noscript>`: in a sandbox without
 * scripts its content is markup, so it is read (where the page may load something, look).
 */
const TEXT_ONLY_ELEMENTS = new Set([
  'script',
  'style',
  'textarea',
  'title',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
])

const TAG_NAME = /<([a-zA-Z][^\t\n\f\r />]*)/y
const WHITESPACE = /[\t\n\f\r ]/

/**
 * Every URL the page's tags load (see {@link ASSET_ATTRIBUTES}), in document order, one per
 * `srcset` candidate; empty values load nothing and are left out. A small tokenizer after the
 * HTML standard's: comments and the content of text-only elements are skipped, attribute values
 * may be quoted either way or not at all. Where it reads markup differently from a browser, it
 * reads more of it (text a browser would skip), never less, so no URL a browser loads is missed.
 *
 * @example
 * findAssetReferences('<img src="/widget-assets/a.png">')
 * // [{ tag: 'img', attribute: 'src', url: '/widget-assets/a.png', start: 10, end: 30 }]
 */
export function findAssetReferences(html: string): AssetReference[] {
  const references: AssetReference[] = []
  let at = html.indexOf('<')
  while (at !== -1) {
    if (html.startsWith('<!--', at)) {
      const end = commentEnd(html, at + 4)
      at = end === -1 ? -1 : html.indexOf('<', end)
      continue
    }
    TAG_NAME.lastIndex = at
    const name = TAG_NAME.exec(html)
    if (!name) {
      at = html.indexOf('<', at + 1)
      continue
    }
    const tag = (name[1] as string).toLowerCase()
    const { attributes, end } = readAttributes(html, TAG_NAME.lastIndex)
    const wanted = ASSET_ATTRIBUTES[tag]
    for (const attribute of attributes) {
      if (!wanted?.has(attribute.name)) continue
      const urls =
        attribute.name === 'srcset'
          ? splitSrcset(attribute.value)
          : [trimmed(attribute.value, 0, attribute.value.length)]
      for (const url of urls) {
        // An empty URL loads nothing (an image with no source, a script that fails at once).
        if (url.text === '') continue
        const start = attribute.valueStart + url.start
        references.push({
          tag,
          attribute: attribute.name,
          url: url.text,
          start,
          end: start + url.text.length,
        })
      }
    }
    at = TEXT_ONLY_ELEMENTS.has(tag) ? endTagOf(html, tag, end) : end
    at = at === -1 ? -1 : html.indexOf('<', at)
  }
  return references
}

interface Attribute {
  /** Lower-cased. */
  name: string
  value: string
  /** Where the value starts in the page. */
  valueStart: number
}

/** The attributes of a start tag whose name ends at `from`, and where the tag ends. */
function readAttributes(html: string, from: number): { attributes: Attribute[]; end: number } {
  const attributes: Attribute[] = []
  let at = from
  const skipWhitespace = () => {
    while (at < html.length && WHITESPACE.test(html[at] as string)) at++
  }
  while (at < html.length) {
    skipWhitespace()
    const char = html[at]
    if (char === '>') return { attributes, end: at + 1 }
    if (char === '/') {
      at++
      continue
    }
    const nameStart = at
    // The first character may be `=`; after it, `=` ends the name.
    at++
    while (at < html.length && !/[\t\n\f\r />=]/.test(html[at] as string)) at++
    const name = html.slice(nameStart, at).toLowerCase()
    skipWhitespace()
    if (html[at] !== '=') {
      attributes.push({ name, value: '', valueStart: at })
      continue
    }
    at++
    skipWhitespace()
    const quote = html[at]
    if (quote === '"' || quote === "'") {
      const close = html.indexOf(quote, at + 1)
      const valueEnd = close === -1 ? html.length : close
      attributes.push({ name, value: html.slice(at + 1, valueEnd), valueStart: at + 1 })
      at = valueEnd + 1
    } else {
      const valueStart = at
      while (at < html.length && !/[\t\n\f\r >]/.test(html[at] as string)) at++
      attributes.push({ name, value: html.slice(valueStart, at), valueStart })
    }
  }
  return { attributes, end: html.length }
}

/**
 * Where a comment whose text starts at `from` ends: after `-->` or `--!>`, or at once for the
 * empty `<!-->` and `<!--->`, which browsers close there (the markup after them is read).
 */
function commentEnd(html: string, from: number): number {
  if (html.startsWith('>', from)) return from + 1
  if (html.startsWith('->', from)) return from + 2
  const close = /--!?>/g
  close.lastIndex = from
  const found = close.exec(html)
  return found ? found.index + found[0].length : -1
}

/** Where the text of a text-only element ends: its end tag, or the end of the page. */
function endTagOf(html: string, tag: string, from: number): number {
  const close = new RegExp(`</${tag}[\\t\\n\\f\\r />]`, 'ig')
  close.lastIndex = from
  return close.exec(html)?.index ?? -1
}

interface Slice {
  text: string
  /** Offset of `text` within the attribute value. */
  start: number
}

/** `value[from, to)` without its leading and trailing ASCII whitespace. */
function trimmed(value: string, from: number, to: number): Slice {
  let start = from
  let end = to
  while (start < end && WHITESPACE.test(value[start] as string)) start++
  while (end > start && WHITESPACE.test(value[end - 1] as string)) end--
  return { text: value.slice(start, end), start }
}

/**
 * The URLs of a `srcset`, as the HTML standard splits it: each candidate is a run without
 * whitespace (trailing commas dropped), then descriptors up to a comma. A `data:` URL keeps
 * its commas, since they sit inside the run.
 */
function splitSrcset(value: string): Slice[] {
  const urls: Slice[] = []
  let at = 0
  while (at < value.length) {
    while (at < value.length && /[\t\n\f\r ,]/.test(value[at] as string)) at++
    if (at >= value.length) break
    const start = at
    while (at < value.length && !WHITESPACE.test(value[at] as string)) at++
    let end = at
    const endsWithComma = value[end - 1] === ','
    while (end > start && value[end - 1] === ',') end--
    if (end > start) urls.push({ text: value.slice(start, end), start })
    if (endsWithComma) continue
    // Descriptors (`2x`, `100w`) run to the next comma outside parentheses.
    let depth = 0
    while (at < value.length && !(value[at] === ',' && depth === 0)) {
      if (value[at] === '(') depth++
      else if (value[at] === ')') depth = Math.max(0, depth - 1)
      at++
    }
  }
  return urls
}
