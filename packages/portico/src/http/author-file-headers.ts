import type { AuthMode } from '../config/config-types.js'

/**
 * How far an author file (a skill file, an icon, a public file, a widget page) may act when a
 * browser opens it on the plugin's origin, where the docs site keeps its access token:
 *
 * - `inert`: a document to look at. No script runs, and the page is in an opaque origin.
 * - `sandboxed`: scripts, forms and popups run, in an opaque origin: never with the origin's
 *   storage or cookies, and the origin's pages cannot be scripted from it.
 * - `open`: served as written, on the origin (mode `anon` only: there is no token to take).
 */
export type AuthorFileTrust = 'inert' | 'sandboxed' | 'open'

/**
 * The `sandbox` directive of pages that may run script: never `allow-same-origin`, which would
 * hand them the origin back. Popups escape the sandbox so a link opened in a new tab works; any
 * author file such a tab opens carries its own sandbox.
 */
export const SCRIPT_SANDBOX =
  'sandbox allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-modals allow-downloads'

/** A document without script: images, styles, fonts and media of its own, inline styles. */
const INERT_POLICY = [
  'sandbox',
  "default-src 'none'",
  "img-src 'self' data:",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self' data:",
  "media-src 'self' data:",
].join('; ')

const HEADERS: Record<AuthorFileTrust, Readonly<Record<string, string>>> = {
  inert: { 'content-security-policy': INERT_POLICY, 'x-content-type-options': 'nosniff' },
  sandboxed: { 'content-security-policy': SCRIPT_SANDBOX, 'x-content-type-options': 'nosniff' },
  open: { 'x-content-type-options': 'nosniff' },
}

/**
 * The headers of an author file by its trust: `Content-Security-Policy` (none when `open`) and
 * `X-Content-Type-Options: nosniff`, so no browser takes a file for a more active type. The
 * policy only binds a document opened on its own: a script, style or image loaded by a page
 * runs under that page's policy, so widget and public pages still load their assets.
 *
 * @example
 * import { authorFileHeaders } from './http/author-file-headers.js'
 *
 * serveFile(request, { ...file, headers: authorFileHeaders('inert') })
 */
export function authorFileHeaders(trust: AuthorFileTrust): Readonly<Record<string, string>> {
  return HEADERS[trust]
}

/**
 * The trust of the public folder's files (served at `/` and under `/widget-assets/`) in an auth
 * mode: `sandboxed` where the origin holds tokens (`portico-hub`, `custom`), `open` in `anon`.
 */
export function publicFileTrust(auth: AuthMode): AuthorFileTrust {
  return auth === 'anon' ? 'open' : 'sandboxed'
}
