import { escapeHtml, renderHtmlPage } from './html-page.js'
import type { LoginPageModel } from './render-login-page.js'

/** What the consent page shows: who signed in, for what, and the scopes to grant or refuse. */
export interface ConsentPageModel {
  /** The interaction's id (the forms post to `/interaction/<uid>/…`). */
  uid: string
  /** The login page's headline (see `describeSignIn`). */
  signingInTo: LoginPageModel['signingInTo']
  /** Who signed in: the username. */
  accountId: string
  /** The scopes beyond the hub's own, each granted or refused here (see `consentScopes`). */
  scopes: readonly string[]
  /** The hub's own scopes the request asks for: always granted. */
  alwaysGranted: readonly string[]
  resources: readonly string[]
}

/**
 * The consent step, after the sign-in, when a client asks for scopes beyond the hub's own: one
 * checkbox per scope, all ticked (what the client asked for), so a test can grant every scope,
 * some, or none, and get a narrow token first and a wider one later. Continue issues what is
 * ticked; Cancel ends the request with `access_denied`.
 */
export function renderConsentPage(model: ConsentPageModel): string {
  const action = `/interaction/${encodeURIComponent(model.uid)}`
  const { name } = model.signingInTo
  const body = `<h1>Allow ${escapeHtml(name)} to act as ${escapeHtml(model.accountId)}?</h1>
<p>The application asks for these scopes. Untick the ones you refuse: the token goes without them.</p>
<form method="post" action="${escapeHtml(`${action}/consent`)}">
<fieldset class="scopes">
<legend>Scopes to grant</legend>
${model.scopes.map(renderScopeBox).join('\n')}
</fieldset>
<dl>
<dt>Always granted</dt><dd>${model.alwaysGranted.length === 0 ? '(none)' : model.alwaysGranted.map((scope) => `<code>${escapeHtml(scope)}</code>`).join(' ')}</dd>
${model.resources.map((resource) => `<dt>For</dt><dd><code>${escapeHtml(resource)}</code></dd>`).join('\n')}
</dl>
<button class="primary" type="submit" name="consent" value="yes">Continue</button>
</form>
<form class="cancel" method="post" action="${escapeHtml(`${action}/cancel`)}">
<button class="secondary" type="submit" name="cancel" value="yes">Cancel</button>
</form>`
  return renderHtmlPage(`Allow ${name}`, body)
}

function renderScopeBox(scope: string): string {
  const value = escapeHtml(scope)
  return `<label class="scope"><input type="checkbox" name="scope" value="${value}" checked> <code>${value}</code></label>`
}
