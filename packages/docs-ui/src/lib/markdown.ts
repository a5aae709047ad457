import { Marked, type Tokens } from 'marked'

/**
 * Markdown of the plugin (skills, agents) rendered for the docs site. The plugin's text is not
 * trusted to run in the page: raw HTML is shown as text, and links and images keep only URLs
 * that cannot run script (http, https, mailto, relative, `#`).
 */

/** A markdown file split into its YAML frontmatter (raw text, when present) and its body. */
export interface MarkdownParts {
  frontmatter?: string
  body: string
}

/** One `key: value` line of frontmatter, or a key followed by `- item` lines (then a list). */
export interface FrontmatterEntry {
  key: string
  value: string | string[]
}

/** How to render: where headings start, and how relative URLs resolve. */
export interface MarkdownOptions {
  /** Levels added to every heading, so that the document fits under the page's own headings. */
  headingOffset?: number
  /**
   * Rewrites a relative URL (no scheme, not `#`, not `/`) before it is checked: a skill's
   * `references/guide.md` must point at the skill's file, not at the site's root.
   */
  resolveRelative?: (url: string, kind: 'link' | 'image') => string
}

/** Prefix of the ids given to headings, so they never clash with the page's own ids. */
export const HEADING_ID_PREFIX = 'md-'

const FRONTMATTER = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:'])
const IMAGE_PROTOCOLS = new Set(['http:', 'https:'])
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i

/** Splits `---` … `---` off the very start of `source`. */
export function splitFrontmatter(source: string): MarkdownParts {
  const match = FRONTMATTER.exec(source)
  if (!match) return { body: source }
  return { frontmatter: match[1] ?? '', body: source.slice(match[0].length) }
}

/**
 * Reads frontmatter made only of `key: value` lines and `key:` lines followed by `- item`
 * lines (blank lines and `#` comments skipped); `undefined` for anything richer, which the page
 * then shows as raw text rather than guess at YAML.
 */
export function parseSimpleFrontmatter(text: string): FrontmatterEntry[] | undefined {
  const entries: FrontmatterEntry[] = []
  let list: string[] | undefined
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '' || /^\s*#/.test(line)) continue
    const item = /^\s*-\s+(.*)$/.exec(line)
    if (item) {
      if (!list) return undefined
      list.push(unquote(item[1] ?? ''))
      continue
    }
    const pair = /^([A-Za-z0-9_-]+):(?:\s+(.*))?$/.exec(line)
    if (!pair) return undefined
    const value = pair[2]?.trim() ?? ''
    if (value === '') {
      list = []
      entries.push({ key: pair[1] ?? '', value: list })
    } else {
      if (/^[|>[{&*!]/.test(value)) return undefined
      list = undefined
      entries.push({ key: pair[1] ?? '', value: unquote(value) })
    }
  }
  return entries
}

function unquote(value: string): string {
  const quoted = /^(['"])(.*)\1$/.exec(value.trim())
  return quoted ? (quoted[2] ?? '') : value.trim()
}

/** Escapes text for HTML content and attribute values. */
function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

/** Renders markdown (without frontmatter) to HTML that is safe to put into the page. */
export function renderMarkdown(source: string, options: MarkdownOptions = {}): string {
  const offset = options.headingOffset ?? 0
  const usedIds = new Map<string, number>()
  const safeUrl = (raw: string, kind: 'link' | 'image'): string | undefined => {
    const resolved =
      isRelative(raw) && options.resolveRelative ? options.resolveRelative(raw, kind) : raw
    let url: string
    try {
      // As marked does: spaces and other characters a URL cannot hold are percent-encoded.
      url = encodeURI(resolved).replace(/%25/g, '%')
    } catch {
      return undefined
    }
    // The browser parses the attribute exactly like this, so its protocol is the one that runs.
    const protocol = new URL(url, location.href).protocol
    return (kind === 'link' ? LINK_PROTOCOLS : IMAGE_PROTOCOLS).has(protocol) ? url : undefined
  }
  const marked = new Marked({
    gfm: true,
    renderer: {
      html({ text, block }: Tokens.HTML | Tokens.Tag): string {
        // A comment is invisible in HTML, so it stays invisible here; any other HTML is shown.
        if (/^\s*<!--[\s\S]*-->\s*$/.test(text)) return ''
        return block ? `<p class="raw-html">${escapeHtml(text.trim())}</p>\n` : escapeHtml(text)
      },
      heading({ tokens, depth }: Tokens.Heading): string {
        const level = Math.min(6, depth + offset)
        const inner = this.parser.parseInline(tokens)
        const id = uniqueId(
          slug(this.parser.parseInline(tokens, this.parser.textRenderer)),
          usedIds,
        )
        return `<h${level} id="${HEADING_ID_PREFIX}${escapeHtml(id)}">${inner}</h${level}>\n`
      },
      link({ href, title, tokens, text, autolink }: Tokens.Link): string {
        const inner = autolink ? escapeHtml(text) : this.parser.parseInline(tokens)
        const url = safeUrl(href, 'link')
        if (url === undefined) return inner
        const titled = title ? ` title="${escapeHtml(title)}"` : ''
        const external = isOtherOrigin(url) ? ' rel="noopener noreferrer"' : ''
        return `<a href="${escapeHtml(url)}"${titled}${external}>${inner}</a>`
      },
      // A GFM task's box shows a state, not a control to use: named, so it is not a bare input.
      checkbox({ checked }: Tokens.Checkbox): string {
        const name = checked ? 'Done' : 'To do'
        return `<input type="checkbox" disabled aria-label="${name}"${checked ? ' checked' : ''}> `
      },
      image({ href, title, text }: Tokens.Image): string {
        const url = safeUrl(href, 'image')
        if (url === undefined) return escapeHtml(text)
        const titled = title ? ` title="${escapeHtml(title)}"` : ''
        return `<img src="${escapeHtml(url)}" alt="${escapeHtml(text)}"${titled} loading="lazy">`
      },
    },
  })
  return marked.parse(source, { async: false })
}

function isRelative(url: string): boolean {
  return !HAS_SCHEME.test(url) && !url.startsWith('#') && !url.startsWith('/')
}

function isOtherOrigin(url: string): boolean {
  const parsed = new URL(url, location.href)
  return parsed.protocol !== 'mailto:' && parsed.origin !== location.origin
}

/** GitHub-style anchor: lower case, punctuation dropped, spaces as dashes. */
function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .trim()
      .replace(/&[a-z0-9#]+;/g, '')
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s+/g, '-') || 'section'
  )
}

function uniqueId(base: string, used: Map<string, number>): string {
  const count = used.get(base) ?? 0
  used.set(base, count + 1)
  return count === 0 ? base : `${base}-${count}`
}
