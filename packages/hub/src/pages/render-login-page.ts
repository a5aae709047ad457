import type { HubUser } from '../hub-users.js'
import { escapeHtml, renderHtmlPage } from './html-page.js'

/** What the login page shows: the request being signed in to, and who may sign in. */
export interface LoginPageModel {
  /** The interaction's id (the forms post to `/interaction/<uid>/…`). */
  uid: string
  /**
   * What the headline names: a plugin (`<org>/<app>`), the client's name, or its host; not
   * verified when it is only what the client says (shown as such).
   */
  signingInTo: { name: string; verified: boolean }
  clientName: string | undefined
  /** The client_id's host, or a note that the client registered at the hub. */
  clientOrigin: string
  /** Where the browser returns: the redirect URI's host. */
  redirectHost: string
  /** The redirect URI is on loopback, so any local program could be posing as the client. */
  redirectsToLoopback: boolean
  scopes: string[]
  /** The resource the token is for (RFC 8707), as requested or defaulted. */
  resources: string[]
  users: readonly HubUser[]
  /** The typed-user form's values, shown again after an error. */
  typed?: { username: string; name: string; orgs: string }
  /** Why the last submission was refused. */
  error?: string
}

/** After a headline the hub cannot vouch for: the client named it, and any client can. */
const UNVERIFIED = '<small class="unverified">(as the application says: not verified)</small>'

/**
 * The hub's only interactive page: one button per test user, a form to type any user, and
 * Cancel. There is no password: the hub is for development and tests. Every value is escaped,
 * since the client's name and URLs come from whoever registered it.
 */
export function renderLoginPage(model: LoginPageModel): string {
  const action = `/interaction/${encodeURIComponent(model.uid)}`
  const typed = model.typed ?? { username: '', name: '', orgs: '' }
  const { name, verified } = model.signingInTo
  const body = `<h1>Sign in to ${escapeHtml(name)}${verified ? '' : ` ${UNVERIFIED}`}</h1>
${model.error === undefined ? '' : `<p class="error" role="alert">${escapeHtml(model.error)}</p>`}
<dl>
<dt>Application</dt><dd>${escapeHtml(model.clientName ?? '(no name given)')}</dd>
<dt>Client</dt><dd>${escapeHtml(model.clientOrigin)}</dd>
<dt>Returns to</dt><dd><code>${escapeHtml(model.redirectHost)}</code></dd>
<dt>Scopes</dt><dd>${model.scopes.length === 0 ? '(none)' : model.scopes.map((scope) => `<code>${escapeHtml(scope)}</code>`).join(' ')}</dd>
${model.resources.map((resource) => `<dt>For</dt><dd><code>${escapeHtml(resource)}</code></dd>`).join('\n')}
</dl>
${model.redirectsToLoopback ? loopbackWarning(model) : ''}
<h2>Sign in as a test user</h2>
<form class="users" method="post" action="${escapeHtml(`${action}/login`)}">
${model.users.map(renderUserButton).join('\n')}
</form>
<h2>Or as any user</h2>
<form method="post" action="${escapeHtml(`${action}/login`)}">
<label for="username">Username</label>
<input id="username" name="username" required maxlength="64" pattern="[a-z0-9][a-z0-9._\\-]{0,63}" autocomplete="off" spellcheck="false" value="${escapeHtml(typed.username)}">
<label for="name">Name (optional)</label>
<input id="name" name="name" maxlength="100" autocomplete="off" value="${escapeHtml(typed.name)}">
<label for="orgs">Organisations (comma-separated, optional)</label>
<input id="orgs" name="orgs" maxlength="1000" autocomplete="off" spellcheck="false" placeholder="acme, wonderland" value="${escapeHtml(typed.orgs)}">
<button class="primary" type="submit">Sign in</button>
</form>
<form class="cancel" method="post" action="${escapeHtml(`${action}/cancel`)}">
<button class="secondary" type="submit" name="cancel" value="yes">Cancel</button>
</form>`
  return renderHtmlPage(`Sign in to ${name}${verified ? '' : ' (not verified)'}`, body)
}

function loopbackWarning(model: LoginPageModel): string {
  return `<p class="warning" role="note"><strong>Check that you started this sign-in.</strong> It returns to <code>${escapeHtml(
    model.redirectHost,
  )}</code>, a program on this computer. Any local program can use this client's name (localhost impersonation).</p>`
}

function renderUserButton(user: HubUser): string {
  const orgs = user.orgs.length === 0 ? 'no organisations' : user.orgs.join(', ')
  return `<button class="user" type="submit" name="user" value="${escapeHtml(user.username)}"><strong>${escapeHtml(
    user.name ?? user.username,
  )}</strong><small>${escapeHtml(user.username)} · ${escapeHtml(orgs)}</small></button>`
}
