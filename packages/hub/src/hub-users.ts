/** Someone who can sign in at the hub: a test user on the login page, or one typed in there. */
export interface HubUser {
  /** The account id: the tokens' `sub` and `preferred_username`. */
  username: string
  /** Display name (`name`); the username when absent. */
  name?: string
  /** `email`; `<username>@example.com` when absent, so every token carries one. */
  email?: string
  /** `picture`: a URL; when absent, the hub's own avatar of the user (`<issuer>/avatars/<username>.svg`). */
  picture?: string
  /** The organisations the user belongs to (`orgs`), as slugs. */
  orgs: string[]
}

/** The test users the login page offers when `users` is not given. */
export const DEFAULT_HUB_USERS: readonly HubUser[] = Object.freeze([
  {
    username: 'alice',
    name: 'Alice Liddell',
    email: 'alice@example.com',
    orgs: ['acme', 'wonderland'],
  },
  { username: 'bob', name: 'Bob Builder', email: 'bob@example.com', orgs: ['acme'] },
  { username: 'carol', name: 'Carol Danvers', email: 'carol@example.com', orgs: [] },
])

/** What a username may look like (also the account id in the store). */
export const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._-]{0,63}$/

/** The OpenID claims of a user, as access tokens and ID tokens carry them. */
export interface HubUserClaims {
  sub: string
  preferred_username: string
  name: string
  email: string
  email_verified: true
  picture: string
  orgs: string[]
}

/** The claims of `user` at the hub of `issuer`, with the defaults of {@link HubUser} filled in. */
export function claimsOfUser(user: HubUser, issuer: string): HubUserClaims {
  return {
    sub: user.username,
    preferred_username: user.username,
    name: user.name ?? user.username,
    email: user.email ?? `${user.username}@example.com`,
    email_verified: true,
    picture: user.picture ?? `${issuer}/avatars/${user.username}.svg`,
    orgs: [...user.orgs],
  }
}
