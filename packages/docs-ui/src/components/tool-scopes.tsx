import { loginUrl, useAccessToken } from '../lib/access-token.js'
import type { OpenApiOperation } from '../lib/json-schema.js'
import { challengedScopes, scopeLoginUrl, tokenScopes } from '../lib/token-scopes.js'

/**
 * The scopes a tool needs (its `@scope`, from the operation's `security`), and, when the stored
 * token is a JWT without some of them, that its calls will be refused, with "Log in again with
 * <scopes>" when the plugin has a login. Nothing for a tool without scopes.
 */
export function ToolScopes({ security }: { security: OpenApiOperation['security'] }) {
  const token = useAccessToken()
  const scopes = [...new Set((security ?? []).flatMap((requirement) => requirement.bearer ?? []))]
  if (scopes.length === 0) return null
  const missing = missingScopes(scopes, token) ?? []
  return (
    <>
      <p class="tool-scopes" data-testid="tool-scopes">
        Calling it needs the {scopes.length === 1 ? 'scope' : 'scopes'}{' '}
        {scopes.map((name, index) => (
          <span key={name}>
            {index > 0 && ' '}
            <code>{name}</code>
          </span>
        ))}{' '}
        in the access token, on top of the plugin's own.
      </p>
      {missing.length > 0 && <MissingScopes missing={missing} />}
    </>
  )
}

/**
 * What to do about scopes the token lacks: the sentence, and the login asking for them. Shown
 * on the tool page before a call, and beside a 403 `insufficient_scope` answer.
 */
export function MissingScopes({ missing }: { missing: readonly string[] }) {
  const login = loginUrl()
  const names = missing.join(' ')
  return (
    <div class="auth-notice" role="alert" data-testid="missing-scopes">
      <p>
        Your access token lacks {missing.length === 1 ? 'the scope' : 'the scopes'}{' '}
        <code>{names}</code>, so this tool refuses its calls (403).{' '}
        {login ? (
          <a class="button" href={scopeLoginUrl(login, missing)}>
            Log in again with {names}
          </a>
        ) : (
          'Set a token that grants it with the Authorize button at the top of the page.'
        )}
      </p>
    </div>
  )
}

/**
 * The scopes of a 403 `insufficient_scope` challenge that the stored token lacks (all of them
 * when the token is not a readable JWT), or undefined when the answer is no such refusal.
 */
export function RefusedScopes({ challenge }: { challenge: string | undefined }) {
  const token = useAccessToken()
  const challenged = challengedScopes(challenge)
  if (challenged === undefined) return null
  const missing = missingScopes(challenged, token) ?? challenged
  return missing.length > 0 ? <MissingScopes missing={missing} /> : null
}

/** Which of `scopes` the token lacks; undefined when there is no readable token to tell. */
function missingScopes(scopes: readonly string[], token: string | undefined): string[] | undefined {
  const granted = token === undefined ? undefined : tokenScopes(token)
  return granted === undefined ? undefined : scopes.filter((name) => !granted.includes(name))
}
