import { escapeHtml, renderHtmlPage } from './html-page.js'

/** `GET /`: which issuer this is, and where its metadata is. */
export function renderHomePage(issuer: string): string {
  const discovery = `${issuer}/.well-known/openid-configuration`
  const body = `<h1>Portico hub</h1>
<p>A development OpenID Provider for Portico plugins. Issuer: <code>${escapeHtml(issuer)}</code></p>
<p>Metadata: <a href="${escapeHtml(discovery)}">${escapeHtml(discovery)}</a></p>`
  return renderHtmlPage('Portico hub', body)
}
