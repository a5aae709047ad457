import { useRef, useState } from 'preact/hooks'
import { saveAccessToken, useAccessToken } from '../lib/access-token.js'

/**
 * The Authorize button and its dialog: paste an access token, kept in `sessionStorage` and sent
 * on every try-it request, by both API views and by the MCP client. With `loginUrl` (the server
 * has login routes), a Log in link sits beside it; the login ends by storing the token the same
 * way (see `saveAccessToken`) and coming back here.
 */
export function AuthorizeButton({ loginUrl }: { loginUrl?: string | undefined }) {
  const token = useAccessToken()
  const dialog = useRef<HTMLDialogElement>(null)
  const [draft, setDraft] = useState('')
  const returnTo = encodeURIComponent(location.pathname + location.hash)
  return (
    <>
      {loginUrl && !token && (
        <a class="button" href={`${loginUrl}?return_to=${returnTo}`}>
          Log in
        </a>
      )}
      <button
        type="button"
        class={token ? 'ghost authorized' : 'ghost'}
        onClick={() => {
          setDraft('')
          dialog.current?.showModal()
        }}
      >
        {token ? 'Authorized' : 'Authorize'}
      </button>
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
