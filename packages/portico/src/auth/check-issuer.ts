import { type AuthSettings, PORTICO_HUB_ISSUER } from './auth-settings.js'
import { createJwksUriResolver } from './create-jwks-uri-resolver.js'

/**
 * Reads the issuer's discovery document once, at start, and reports through `warn` what is
 * wrong with it, naming the issuer and what to set: otherwise the first word of a missing or
 * mistyped issuer is a refused token. Never throws; with `OAUTH_JWKS_URI` set, discovery is not
 * used and nothing is checked.
 *
 * @example
 * import { checkIssuer } from './check-issuer.js'
 * void checkIssuer(settings, (message) => logger.warn(message))
 */
export async function checkIssuer(
  settings: AuthSettings,
  warn: (message: string) => void,
): Promise<void> {
  if (settings.jwksUri !== undefined) return
  try {
    await createJwksUriResolver(settings.issuer)()
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error)
    warn(
      settings.mode === 'portico-hub' && settings.issuer === PORTICO_HUB_ISSUER
        ? `No Portico hub answers at ${settings.issuer} (${why}): no token can be verified. Set OAUTH_ISSUER to the issuer URL of your hub or identity provider`
        : `The OAuth issuer ${settings.issuer} does not answer (${why}): no token can be verified until it does. Check OAUTH_ISSUER`,
    )
  }
}
