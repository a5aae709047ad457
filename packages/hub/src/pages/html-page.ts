import { createHash } from 'node:crypto'
import { HUB_STYLESHEET } from './hub-stylesheet.js'

/**
 * The Content-Security-Policy of every hub page: no script at all, no external resource, only
 * the inline stylesheet (allowed by its hash), no framing (against clickjacking of the login
 * buttons). `form-action` is left out on purpose: browsers apply it to the redirects after a
 * form post too, and the login form ends at the client's own redirect URI.
 */
const PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(HUB_STYLESHEET).digest('base64')}'`,
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ')

/** The headers every hub page is served with. */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': PAGE_CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
}

/** `text` made safe for HTML text and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

/** A whole page around `body` (already escaped HTML); `title` is escaped here. */
export function renderHtmlPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Portico hub</title>
<style>${HUB_STYLESHEET}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`
}
