import { useRef, useState } from 'preact/hooks'
import {
  type LoginUser,
  logOut,
  relogInUrl,
  saveAccessToken,
  useAccessToken,
  useLoginUser,
  useTokenExpired,
} from '../lib/access-token.js'

/**
 * The Authorize button and its dialog: paste an access token, kept in `sessionStorage` and sent
 * on every try-it request, by both API views and by the MCP client. With `loginUrl` (the server
 * has login routes), a Log in link sits beside it; the login ends by storing the token and the
 * user the same way and coming back here, which then shows who is logged in and a Log out.
 * Once the token expires (its `exp`, or a 401 from a call), the header says so and offers Log in
 * again, which first tries a silent login (`prompt=none`).
 */
export function AuthorizeButton({ loginUrl }: { loginUrl?: string | undefined }) {
  const token = useAccessToken()
  const user = useLoginUser()
  const dialog = useRef<HTMLDialogElement>(null)
  const [draft, setDraft] = useState('')
  const returnTo = encodeURIComponent(location.pathname + location.hash)
  const who = token && user ? nameOf(user) : undefined
  const expired = useTokenExpired()
  return (
    <>
      {loginUrl && !token && (
        <a class="button" href={`${loginUrl}?return_to=${returnTo}`}>
          Log in
        </a>
      )}
      {expired && (
        <span class="login-expired" role="status" data-testid="login-expired">
          {user ? 'Login expired' : 'Token expired'}
        </span>
      )}
      {loginUrl && expired && (
        <a class="button" href={relogInUrl(loginUrl)}>
          Log in again
        </a>
      )}
      {who && (
        <span class="login-user" title={user?.email}>
          {who}
        </span>
      )}
      <button
        type="button"
        class={token && !expired ? 'ghost authorized' : 'ghost'}
        onClick={() => {
          setDraft('')
          dialog.current?.showModal()
        }}
      >
        {token && !expired ? 'Authorized' : 'Authorize'}
      </button>
      {who && (
        <button type="button" class="ghost" onClick={logOut}>
          Log out
        </button>
      )}
      <dialog ref={dialog} aria-labelledby="authorize-title">
        <form
          method="dialog"
          onSubmit={() => {
            if (draft.trim() !== '') saveAccessToken(draft)
          }}
        >
          <h2 id="authorize-title">Authorize</h2>
          <p>
            Paste an access token. It is kept in this tab only and sent as{' '}
            <code>Authorization: Bearer …</code> on every call this site makes.
          </p>
          <label>
            Access token
            <textarea
              name="token"
              rows={4}
              value={draft}
              onInput={(event) => setDraft(event.currentTarget.value)}
              autocomplete="off"
              spellcheck={false}
            />
          </label>
          <div class="row">
            <button type="submit">Save</button>
            {token && (
              <button
                type="button"
                class="ghost"
                onClick={() => {
                  saveAccessToken(undefined)
                  dialog.current?.close()
                }}
              >
                Forget the token
              </button>
            )}
            <button type="button" class="ghost" onClick={() => dialog.current?.close()}>
              Cancel
            </button>
          </div>
        </form>
      </dialog>
    </>
  )
}

/** What names the user: the name, else the username, else the email. */
function nameOf(user: LoginUser): string | undefined {
  return user.name ?? user.preferredUsername ?? user.email
}
