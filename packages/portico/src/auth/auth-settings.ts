import type { AuthMode } from '../config/config-types.js'

/** The local Portico hub: the fixed issuer of mode `portico-hub` (only `OAUTH_ISSUER` overrides it). */
export const PORTICO_HUB_ISSUER = 'http://localhost:4400'

/** The audience every `portico-hub` token carries in the test tier: an identifier, not a URL. */
export const PORTICO_HUB_AUDIENCE = 'urn:portico:hub:test'

/** The audience of one `portico-hub` plugin when it opts into its own (`deploy.audience: 'plugin'`). */
export function porticoHubPluginAudience(deploy: { org: string; app: string }): string {
  return `urn:portico:hub:${deploy.org}:${deploy.app}`
}

/** The scope every `portico-hub` plugin requires. */
export const PORTICO_HUB_SCOPE = 'portico-hub-test'

/** User-info scopes always asked for, on top of the required ones. */
export const USER_INFO_SCOPES = ['profile', 'email'] as const

/** Asymmetric JWS algorithms accepted for proofs (RFC 9449 §11.6: never symmetric, never none). */
export const DPOP_ALGORITHMS = [
  'ES256',
  'ES384',
  'ES512',
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'EdDSA',
  'Ed25519',
] as const

/** JWS algorithms accepted by default. */
export const DEFAULT_ALGORITHMS = ['RS256', 'ES256'] as const

/**
 * What a host says about its OAuth settings, before they are checked and completed: the values of
 * the `OAUTH_*` variables (see `authSettingsFromEnv`), or the options of `getAuthApp`. Both go
 * through `resolveAuthSettings`, so both are refused the same way.
 */
export interface AuthSettingsInput {
  /**
   * The issuer URL tokens carry in `iss`, kept exactly (a trailing slash included). Required in
   * mode `custom`; in mode `portico-hub` the local hub, `http://localhost:4400`, when unset.
   */
  issuer?: string
  /**
   * The audience tokens carry in `aud`, any string (an Entra ID v2.0 GUID, say). Defaults to the
   * resource; one of the two is required in mode `custom`.
   */
  audience?: string
  /**
   * The plugin's canonical resource URI (RFC 8707), without a fragment: an accepted `aud`, and
   * its origin is the public origin of the advertised resources. Unset, they are derived from
   * each request's origin.
   */
  resource?: string
  /**
   * Scopes a token must carry (403 `insufficient_scope` without them), printable ASCII without
   * `"` or `\`; the variable separates them with spaces.
   */
  scopes?: string[]
  /** The issuer's JWKS URI; discovered from the issuer (OIDC or RFC 8414 metadata) when unset. */
  jwksUri?: string
  /** The token endpoint the docs-site login uses; discovered when unset. */
  tokenUrl?: string
  /** A pre-registered public client id for the docs-site login. */
  clientId?: string
  /** Scopes advertised and asked for on top of the required ones and `profile email` (code only). */
  additionalScopes?: string[]
  /** Accepted JWS algorithms; default `RS256` and `ES256` (code only). */
  algorithms?: string[]
}

/**
 * Everything the resource server needs to verify bearer tokens, resolved once at start from the
 * config and the environment (or given to `getAuthApp`). Absent in mode `anon`.
 */
export interface AuthSettings {
  mode: Exclude<AuthMode, 'anon'>
  /** Expected `iss`, exactly (a trailing slash is kept as given). */
  issuer: string
  /**
   * An accepted `aud`, besides the resources the metadata advertises (see `acceptedAudiences`);
   * when undefined, only those.
   */
  audience?: string
  /**
   * `OAUTH_RESOURCE` (RFC 8707): an accepted `aud`, and its origin is the public origin of the
   * advertised resources (`<origin>`, `<origin>/mcp`, `<origin>/mcp/<server>`); when undefined,
   * they are derived from each request's origin.
   */
  resource?: string
  /** Scopes a token must carry (403 `insufficient_scope` without them). */
  requiredScopes: string[]
  /** Scopes advertised in challenges and metadata: the required ones plus `profile` and `email`. */
  advertisedScopes: string[]
  /** Explicit JWKS URI; discovered from the issuer when undefined. */
  jwksUri?: string
  /** Explicit token endpoint (docs-site login); discovered when undefined. */
  tokenUrl?: string
  /** Pre-registered public client id for the docs-site login. */
  clientId?: string
  /**
   * The RFC 8707 resource the docs-site login asks for: the plugin's own audience in mode
   * `portico-hub` with `deploy.audience: 'plugin'`, `OAUTH_RESOURCE` in mode `custom`; none
   * otherwise (the hub then issues the shared audience).
   */
  loginResource?: string
  /** `deploy` of mode `portico-hub`, shown on the hub's login page ("Sign in to org/app"). */
  deploy?: { org: string; app: string }
  algorithms: string[]
  /** Accepted clock skew for `exp` and `nbf`, in seconds. */
  clockToleranceSeconds: number
}
