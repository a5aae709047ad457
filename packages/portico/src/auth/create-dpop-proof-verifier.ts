import { base64url, calculateJwkThumbprint, EmbeddedJWK, type JWK, jwtVerify } from 'jose'
import { PorticoError } from '../core/portico-error.js'
import { DPOP_ALGORITHMS } from './auth-settings.js'
import { createDpopReplayCache } from './dpop-replay-cache.js'

/** How long after its `iat` a proof is accepted, in seconds; clients sign one per request. */
const DPOP_PROOF_LIFETIME_SECONDS = 60

/** Longest accepted proof and `jti`, in characters; longer ones are refused before parsing. */
const MAX_PROOF_LENGTH = 8 * 1024
const MAX_JTI_LENGTH = 512

/** The request a proof must match (RFC 9449 §4.3). */
export interface DpopProofRequest {
  /** The `DPoP` header value, or null when absent. Repeated headers arrive joined by `, `. */
  proof: string | null
  /** The HTTP method, matched against `htm`. */
  method: string
  /** The public URL of the request, without query and fragment, matched against `htu`. */
  url: string
  /** The access token sent with it, matched against `ath`. */
  accessToken: string
}

/**
 * A DPoP proof that fails a check of RFC 9449 §4.3: answered 401 `invalid_dpop_proof` under the
 * `DPoP` challenge (RFC 9449 §7.1). The message names the failed check, never a claim's value.
 */
export class DpopProofError extends PorticoError {
  constructor(message: string, cause?: unknown) {
    super('unauthorized', message, { cause })
    this.name = 'DpopProofError'
  }
}

/** Checks DPoP proofs; holds the replay cache, so one lives as long as its gate. */
export interface DpopProofVerifier {
  /** Resolves to the proof key's RFC 7638 SHA-256 thumbprint, or rejects with {@link DpopProofError}. */
  verify(request: DpopProofRequest): Promise<string>
}

/**
 * Creates the checker of RFC 9449 §4.3 with `jose`: one proof, `typ` `dpop+jwt`, an asymmetric
 * algorithm, a valid signature by the public key it embeds, `htm` and `htu` matching the
 * request, `iat` within {@link DPOP_PROOF_LIFETIME_SECONDS} (plus the clock tolerance), `ath`
 * the hash of the access token, and a `jti` not seen before (the replay cache).
 *
 * @example
 * import { createDpopProofVerifier } from './create-dpop-proof-verifier.js'
 * const jkt = await createDpopProofVerifier(30).verify({ proof, method: 'POST', url, accessToken })
 */
export function createDpopProofVerifier(clockToleranceSeconds: number): DpopProofVerifier {
  const lifetimeSeconds = DPOP_PROOF_LIFETIME_SECONDS + clockToleranceSeconds
  const replays = createDpopReplayCache({ lifetimeSeconds })
  return {
    async verify(request) {
      const { proof } = request
      if (proof === null) throw new DpopProofError('A DPoP proof is required with a DPoP token')
      if (proof.includes(',')) throw new DpopProofError('Send one DPoP proof')
      if (proof.length > MAX_PROOF_LENGTH) throw new DpopProofError('The DPoP proof is too long')
      let verified: Awaited<ReturnType<typeof jwtVerify>>
      try {
        verified = await jwtVerify(proof, EmbeddedJWK, {
          typ: 'dpop+jwt',
          algorithms: [...DPOP_ALGORITHMS],
          maxTokenAge: DPOP_PROOF_LIFETIME_SECONDS,
          clockTolerance: clockToleranceSeconds,
          requiredClaims: ['jti', 'htm', 'htu', 'iat'],
        })
      } catch (cause) {
        throw new DpopProofError('The DPoP proof is invalid', cause)
      }
      const { payload, protectedHeader } = verified
      if (payload.htm !== request.method) {
        throw new DpopProofError('The DPoP proof is for another HTTP method')
      }
      if (typeof payload.htu !== 'string' || !sameTarget(payload.htu, request.url)) {
        throw new DpopProofError('The DPoP proof is for another URL')
      }
      if (payload.ath !== (await accessTokenHash(request.accessToken))) {
        throw new DpopProofError('The DPoP proof is for another access token')
      }
      const { jti, iat } = payload
      if (typeof jti !== 'string' || jti === '' || jti.length > MAX_JTI_LENGTH) {
        throw new DpopProofError('The DPoP proof has an invalid "jti"')
      }
      const thumbprint = await calculateJwkThumbprint(protectedHeader.jwk as JWK, 'sha256')
      if (!replays.remember(`${thumbprint} ${jti}`, iat as number)) {
        throw new DpopProofError('The DPoP proof was used already')
      }
      return thumbprint
    },
  }
}

/** RFC 9449 §4.3 check 9: `htu` equals the request URL, compared without query and fragment. */
function sameTarget(htu: string, url: string): boolean {
  if (!URL.canParse(htu)) return false
  const claimed = new URL(htu)
  const actual = new URL(url)
  return claimed.origin === actual.origin && claimed.pathname === actual.pathname
}

/** `ath` (RFC 9449 §4.2): base64url of the SHA-256 of the token's ASCII bytes. */
async function accessTokenHash(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token))
  return base64url.encode(new Uint8Array(digest))
}
