import { createHash } from 'node:crypto'

/** What a failed login shows. */
export interface LoginErrorPage {
  status: 400 | 502
  title: string
  /** Plain text (escaped here): it may carry what the authorization server said. */
  detail: string
  /** Where "Try again" leads: `/oauth/login`, with the return path when known. */
  retryUrl: string
}

/**
 * The page's one style sheet: the docs site's colours, font and card (`packages/docs-ui`,
 * `styles/base.css`), light or dark as the system is, so a failed login looks like the site.
 */
const STYLE = `:root{color-scheme:light dark;--bg:light-dark(#fff,#0f1115);--bg-soft:light-dark(#f6f7f9,#171a21);--fg:light-dark(#1b1f24,#e6e8eb);--fg-soft:light-dark(#57606a,#9aa4b2);--border:light-dark(#d8dee4,#2a2f3a);--link:light-dark(#3730a3,#a5a1f5);font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5}
body{margin:0;background:var(--bg);color:var(--fg)}
main{max-width:36rem;margin:12vh auto 0;padding:0 16px}
.card{border:1px solid var(--border);border-radius:8px;background:var(--bg-soft);padding:24px}
h1{font-size:1.4rem;margin:0 0 12px}
p{margin:0 0 12px;overflow-wrap:anywhere}
.actions{margin:20px 0 0;color:var(--fg-soft)}
a{color:var(--link)}
a:focus-visible{outline:2px solid currentColor;outline-offset:2px}`

const HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  // Only that style sheet applies (by its hash); nothing runs, loads or frames the page.
  'content-security-policy': [
    "default-src 'none'",
    `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; '),
}

/**
 * A page for a person whose login failed (a browser, not a program, follows the login and its
 * callback): what happened, and a link to start again. `setCookie`, when given, clears the login
 * cookie.
 */
export function loginErrorPage(page: LoginErrorPage, setCookie?: string): Response {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<div class="card">
<h1>${escapeHtml(page.title)}</h1>
<p>${escapeHtml(page.detail)}</p>
<p class="actions"><a href="${escapeHtml(page.retryUrl)}">Try again</a> · <a href="/">Back to the docs</a></p>
</div>
</main>
</body>
</html>
`
  return new Response(html, {
    status: page.status,
    headers: setCookie === undefined ? HEADERS : { ...HEADERS, 'set-cookie': setCookie },
  })
}

/** Whether a request is a browser's page load (`Accept: text/html`), which gets a page, not JSON. */
export function wantsHtml(request: Request): boolean {
  return (request.headers.get('accept') ?? '').includes('text/html')
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char)
}
