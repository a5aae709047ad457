import { PORTICO_HUB_SCOPE } from '../hub-audience.js'

/**
 * Which claims each scope releases in ID tokens (access tokens carry all of them, for the
 * plugins to read).
 */
export const HUB_CLAIMS = {
  openid: ['sub'],
  profile: ['name', 'preferred_username', 'picture'],
  email: ['email', 'email_verified'],
  [PORTICO_HUB_SCOPE]: ['orgs'],
}

/** Every scope the hub knows. */
export const HUB_SCOPES = ['openid', 'offline_access', PORTICO_HUB_SCOPE, 'profile', 'email']
