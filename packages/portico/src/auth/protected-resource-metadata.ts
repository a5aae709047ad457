import { type AuthSettings, DPOP_ALGORITHMS } from './auth-settings.js'

/** The RFC 9728 §2 document this resource server publishes: only the fields MCP clients use. */
export interface ProtectedResourceMetadata {
  resource: string
  authorization_servers: string[]
  scopes_supported?: string[]
  bearer_methods_supported: string[]
  /** RFC 9728 §2: the algorithms accepted for DPoP proofs. */
  dpop_signing_alg_values_supported: string[]
  /** RFC 9728 §2: false, as bearer tokens pass too. */
  dpop_bound_access_tokens_required: boolean
  /** Not in RFC 9728: says outright that DPoP-bound tokens are accepted, for clients that ask. */
  dpop_bound_access_tokens_supported: boolean
  resource_name?: string
  resource_documentation?: string
}

/** Options of {@link buildProtectedResourceMetadata}. */
export interface ProtectedResourceMetadataOptions {
  /** URL of developer documentation, e.g. the docs site. */
  resourceDocumentation?: string
  /** The scopes tools declare with `@scope`, advertised after the settings' own. */
  toolScopes?: readonly string[]
}

/**
 * Builds the Protected Resource Metadata document (RFC 9728 §2) for one resource: the issuer as
 * the only authorization server, the advertised scopes, tokens in the header only, bearer or
 * DPoP-bound (RFC 9449). Empty values are left out, as RFC 9728 §2 requires.
 *
 * @example
 * import { buildProtectedResourceMetadata } from './protected-resource-metadata.js'
 * buildProtectedResourceMetadata(settings, 'https://notes.example.com/mcp', 'Notes')
 */
export function buildProtectedResourceMetadata(
  settings: AuthSettings,
  resource: string,
  resourceName: string,
  options: ProtectedResourceMetadataOptions = {},
): ProtectedResourceMetadata {
  const metadata: ProtectedResourceMetadata = {
    resource,
    authorization_servers: [settings.issuer],
    bearer_methods_supported: ['header'],
    dpop_signing_alg_values_supported: [...DPOP_ALGORITHMS],
    dpop_bound_access_tokens_required: false,
    dpop_bound_access_tokens_supported: true,
  }
  const scopes = new Set([...settings.advertisedScopes, ...(options.toolScopes ?? [])])
  if (scopes.size > 0) metadata.scopes_supported = [...scopes]
  if (resourceName !== '') metadata.resource_name = resourceName
  if (options.resourceDocumentation !== undefined) {
    metadata.resource_documentation = options.resourceDocumentation
  }
  return metadata
}

/**
 * The URL of the metadata document for the resource at `resourcePath` on `origin`. RFC 9728
 * §3.1 inserts the well-known segment between the origin and the path, never after the path:
 * `/mcp` → `<origin>/.well-known/oauth-protected-resource/mcp`; `/` or `''` → the root form.
 *
 * @example
 * import { protectedResourceMetadataUrl } from './protected-resource-metadata.js'
 * protectedResourceMetadataUrl('https://h.example', '/mcp')
 * // 'https://h.example/.well-known/oauth-protected-resource/mcp'
 */
export function protectedResourceMetadataUrl(origin: string, resourcePath: string): string {
  const base = `${origin.replace(/\/+$/, '')}/.well-known/oauth-protected-resource`
  if (resourcePath === '' || resourcePath === '/') return base
  return resourcePath.startsWith('/') ? `${base}${resourcePath}` : `${base}/${resourcePath}`
}

/**
 * The resource identifier of the protected path `resourcePath` (`/`, `/mcp`, `/mcp/<server>`):
 * the public origin followed by the path, so that each metadata document names the URL it was
 * derived from (RFC 9728 §3.3). `OAUTH_RESOURCE`, when set, fixes the public origin.
 *
 * @example
 * import { resourceOf } from './protected-resource-metadata.js'
 * resourceOf(settings, { origin: 'https://h.example', resourcePath: '/mcp/tags' })
 * // 'https://h.example/mcp/tags'
 */
export function resourceOf(
  settings: Pick<AuthSettings, 'resource'>,
  request: { origin: string; resourcePath: string },
): string {
  const origin =
    settings.resource === undefined ? request.origin : new URL(settings.resource).origin
  return request.resourcePath === '/' ? origin : `${origin}${request.resourcePath}`
}

/**
 * The audiences a token may carry on `resourcePath`: `OAUTH_AUDIENCE` and `OAUTH_RESOURCE` as
 * configured, and what the metadata advertises, since a client sends that as its RFC 8707
 * resource indicator and an AS that honours it puts it in `aud`. The REST API and `/mcp` each
 * serve every tool, so their resources pass everywhere; a named server's only on that server.
 */
export function acceptedAudiences(
  settings: Pick<AuthSettings, 'audience' | 'resource'>,
  request: { origin: string; resourcePath: string },
): string[] {
  const { origin } = request
  const audiences = [
    settings.audience,
    settings.resource,
    resourceOf(settings, { origin, resourcePath: '/' }),
    resourceOf(settings, { origin, resourcePath: '/mcp' }),
    resourceOf(settings, request),
  ]
  return [...new Set(audiences.filter((audience) => audience !== undefined))]
}
