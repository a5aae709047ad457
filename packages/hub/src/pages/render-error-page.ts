import { escapeHtml, renderHtmlPage } from './html-page.js'

/** Plain words for the OAuth errors a person is likely to meet on the hub. */
const HEADINGS: Readonly<Record<string, string>> = {
  invalid_client: 'This application cannot sign in here',
  invalid_request: 'This sign-in request is not valid',
  invalid_redirect_uri: 'This application asked to return to an address it did not register',
  invalid_target: 'The hub issues no tokens for this resource',
  invalid_scope: 'This application asked for scopes the hub does not know',
  access_denied: 'Sign-in cancelled',
  server_error: 'The hub failed',
}

/**
 * The page for an OAuth error that cannot go back to the client (oidc-provider's
 * `renderError`, and the hub's own interaction routes): what happened in words, then the
 * error code and its description, which say which rule failed.
 */
export function renderErrorPage(error: string, description: string | undefined): string {
  const heading = HEADINGS[error] ?? 'Sign-in failed'
  const body = `<h1>${escapeHtml(heading)}</h1>
<p class="error" role="alert"><code>${escapeHtml(error)}</code>${
    description === undefined ? '' : `: ${escapeHtml(description)}`
  }</p>
<p>Go back to the application and start again. If this keeps happening, the application's
configuration or the hub's needs fixing.</p>`
  return renderHtmlPage(heading, body)
}
