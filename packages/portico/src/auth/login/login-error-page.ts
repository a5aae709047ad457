/** What a failed login shows. */
export interface LoginErrorPage {
  status: 400 | 502
  title: string
  /** Plain text (escaped here): it may carry what the authorization server said. */
  detail: string
  /** Where "Try again" leads: `/oauth/login`, with the return path when known. */
  retryUrl: string
}

const HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'content-security-policy':
    "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
}

/**
 * A page for a person whose login failed (a browser, not a program, follows the callback): what
 * happened, and a link to start again. `setCookie` clears the login cookie.
 */
export function loginErrorPage(page: LoginErrorPage, setCookie: string): Response {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(page.title)}</title>
</head>
<body>
<h1>${escapeHtml(page.title)}</h1>
<p>${escapeHtml(page.detail)}</p>
<p><a href="${escapeHtml(page.retryUrl)}">Try again</a> · <a href="/">Back to the docs</a></p>
</body>
</html>
`
  return new Response(html, {
    status: page.status,
    headers: { ...HEADERS, 'set-cookie': setCookie },
  })
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
