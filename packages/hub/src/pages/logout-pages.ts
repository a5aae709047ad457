import { escapeHtml, renderHtmlPage } from './html-page.js'

/**
 * The sign-out confirmation (RP-initiated logout). `form` is oidc-provider's hidden form (it
 * carries the anti-forgery token); the buttons submit it, with `logout=yes` to sign out.
 */
export function renderLogoutPage(form: string, clientName: string | undefined): string {
  const from = clientName === undefined ? '' : ` (asked by ${escapeHtml(clientName)})`
  const body = `<h1>Sign out of the Portico hub?</h1>
<p>You are signed in at this hub${from}.</p>
${form}
<p><button class="primary" type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>
<button class="secondary" type="submit" form="op.logoutForm">Stay signed in</button></p>`
  return renderHtmlPage('Sign out', body)
}

/** The page after signing out, when the client gave no address to return to. */
export function renderSignedOutPage(clientName: string | undefined): string {
  const from = clientName === undefined ? '' : ` of ${escapeHtml(clientName)}`
  return renderHtmlPage(
    'Signed out',
    `<h1>Signed out</h1>\n<p>You signed out${from}. You can close this page.</p>`,
  )
}
