import type { OidcProviderModule } from './load-oidc-provider.js'

/**
 * oidc-provider's interaction policy, plus one check unless `rememberSignIn`: the login page
 * shows on every authorization, even with a session, because choosing who signs in is the point
 * of a test hub. The sign-in just submitted (`result.login`) satisfies it. With
 * `rememberSignIn` the base policy alone decides: a valid session and a grant that covers the
 * request sign in without a page, and `prompt=none` succeeds.
 */
export function createSignInPolicy(
  interactionPolicy: OidcProviderModule['interactionPolicy'],
  rememberSignIn: boolean,
): ReturnType<OidcProviderModule['interactionPolicy']['base']> {
  const { Check, base } = interactionPolicy
  const policy = base()
  if (rememberSignIn) return policy
  policy
    .get('login')
    ?.checks.add(
      new Check('hub_sign_in', 'the hub asks who signs in on every authorization', (ctx) =>
        ctx.oidc.result?.login === undefined ? Check.REQUEST_PROMPT : Check.NO_NEED_TO_PROMPT,
      ),
    )
  return policy
}
