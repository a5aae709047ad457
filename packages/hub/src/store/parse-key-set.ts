import type { HubKeySet } from './hub-store.js'

/**
 * Parses a stored key set, checking its shape so that a damaged or hand-edited set fails at
 * start-up with the place it came from (`source`: a file path or a Redis key), not later inside
 * oidc-provider.
 */
export function parseKeySet(text: string, source: string): HubKeySet {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new Error(`The key set in ${source} is not JSON`, { cause: error })
  }
  if (!isHubKeySet(value)) {
    throw new Error(
      `The key set in ${source} is damaged: expected { version, signing: [{ kid, alg, jwk }], cookieSecrets: [string] }`,
    )
  }
  return value
}

function isHubKeySet(value: unknown): value is HubKeySet {
  if (!isRecord(value)) return false
  const { version, signing, cookieSecrets } = value
  return (
    Number.isInteger(version) &&
    Array.isArray(signing) &&
    signing.length > 0 &&
    signing.every(
      (key) =>
        isRecord(key) &&
        typeof key.kid === 'string' &&
        (key.alg === 'RS256' || key.alg === 'ES256') &&
        isRecord(key.jwk) &&
        (key.retireAfter === undefined || typeof key.retireAfter === 'number'),
    ) &&
    Array.isArray(cookieSecrets) &&
    cookieSecrets.length > 0 &&
    cookieSecrets.every((secret) => typeof secret === 'string')
  )
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
