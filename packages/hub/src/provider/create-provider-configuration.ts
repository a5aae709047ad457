import type { Configuration, KoaContextWithOIDC } from 'oidc-provider'
import type { ClientMetadataResolver } from '../cimd/client-metadata-resolver.js'
import type { HubSettings } from '../hub-options.js'
import { claimsOfUser } from '../hub-users.js'
import { PAGE_HEADERS } from '../pages/html-page.js'
import { renderLogoutPage, renderSignedOutPage } from '../pages/logout-pages.js'
import { renderErrorPage } from '../pages/render-error-page.js'
import type { HubKeySet, HubStore, ModelAdapter } from '../store/hub-store.js'
import { signingJwks } from '../store/key-set.js'
import { checkRedirectUris } from './check-redirect-uris.js'
import { createClientAdapter } from './create-client-adapter.js'
import { createSignInPolicy } from './create-sign-in-policy.js'
import type { HubAccounts } from './hub-accounts.js'
import { HUB_CLAIMS, HUB_SCOPES } from './hub-claims.js'
import type { OidcProviderModule } from './load-oidc-provider.js'
import { createResourceIndicators, customizeAccessTokenAudience } from './resource-servers.js'
import { toProviderAdapter } from './to-provider-adapter.js'

/** Everything a provider is built from, besides its keys: the same for every key set. */
export interface ProviderContext {
  issuer: string
  settings: HubSettings
  store: HubStore
  accounts: HubAccounts
  resolver: ClientMetadataResolver
  /** The store's `Client` model, with the expiry of unused clients (see `expireUnusedClients`). */
  registeredClients: ModelAdapter
  oidc: OidcProviderModule
}

/** How the configuration reaches the provider it configures (built after it). */
export type ClientValidator = (metadata: Record<string, unknown>) => Promise<string | undefined>

/**
 * oidc-provider's configuration for the hub: authorization code with PKCE (S256) only, open
 * dynamic registration, client metadata documents through the `Client` adapter, resource
 * indicators with JWT access tokens, refresh tokens for clients that registered the grant
 * (rotated for public clients), the hub's own pages. Every default that would print a notice
 * is replaced.
 */
export function createProviderConfiguration(
  context: ProviderContext,
  keySet: HubKeySet,
  validateClient: ClientValidator,
): Configuration {
  const { settings, store, accounts, oidc } = context
  const [currentKey] = keySet.signing
  if (currentKey === undefined) throw new Error('The hub key set has no signing key')
  const clientAdapter = createClientAdapter({
    issuer: context.issuer,
    registered: context.registeredClients,
    resolver: context.resolver,
    validate: validateClient,
    invalidClient: (description) => new oidc.errors.InvalidClient(description),
    currentRequest: () => oidc.default.ctx,
  })
  const ttl = settings.accessTokenTtlSeconds
  const longTtl = settings.refreshTokenTtlSeconds
  const preRegistered = new Set(settings.clients.map((client) => client.clientId))
  return {
    adapter: (model) =>
      model === 'Client' ? clientAdapter : toProviderAdapter(store.adapter(model)),
    clients: settings.clients.map((client) => ({
      client_id: client.clientId,
      redirect_uris: [...client.redirectUris],
      ...(client.clientName === undefined ? {} : { client_name: client.clientName }),
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    })),
    jwks: signingJwks(keySet),
    cookies: { keys: [...keySet.cookieSecrets] },
    scopes: HUB_SCOPES,
    claims: HUB_CLAIMS,
    responseTypes: ['code'],
    pkce: { required: () => true },
    extraParams: ['portico_deploy'],
    extraClientMetadata: checkRedirectUris(oidc.errors, (clientId) => preRegistered.has(clientId)),
    discovery: { client_id_metadata_document_supported: true },
    features: {
      devInteractions: { enabled: false },
      // The experimental built-in support stays off: the Client adapter resolves documents.
      clientIdMetadataDocument: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      registration: {
        enabled: true,
        initialAccessToken: false,
        issueRegistrationAccessToken: false,
      },
      resourceIndicators: createResourceIndicators(oidc.errors, currentKey, ttl),
      revocation: {
        enabled: true,
        allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) =>
          sendProviderPage(ctx, renderLogoutPage(form, ctx.oidc.client?.clientName)),
        postLogoutSuccessSource: (ctx) =>
          sendProviderPage(ctx, renderSignedOutPage(ctx.oidc.client?.clientName)),
      },
      // Off: every access token has an audience (see `audienceForResource`), and oidc-provider
      // serves userinfo only to tokens without one. The ID token carries the profile claims.
      userinfo: { enabled: false },
    },
    formats: { customizers: { jwt: customizeAccessTokenAudience } },
    interactions: {
      policy: createSignInPolicy(oidc.interactionPolicy, settings.rememberSignIn),
      url: (_ctx, interaction) => `/interaction/${interaction.uid}`,
    },
    async findAccount(_ctx, sub) {
      const user = await accounts.find(sub)
      if (user === undefined) return undefined
      return { accountId: sub, claims: () => ({ ...claimsOfUser(user, context.issuer) }) }
    },
    async extraTokenClaims(_ctx, token) {
      const user = 'accountId' in token ? await accounts.find(token.accountId) : undefined
      if (user === undefined) return undefined
      const { sub: _sub, ...claims } = claimsOfUser(user, context.issuer)
      return claims
    },
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // OAuth 2.1 §4.3.1: a public client's refresh token is single use; a confidential client's
    // is replaced once most of its life has passed.
    rotateRefreshToken: (ctx) => {
      const refreshToken = ctx.oidc.entities.RefreshToken
      if (ctx.oidc.client?.clientAuthMethod === 'none' || refreshToken === undefined) return true
      return refreshToken.ttlPercentagePassed() >= 70
    },
    // Refresh tokens live their own life: signing in as someone else in the same browser must
    // not revoke them.
    expiresWithSession: () => false,
    clientBasedCORS: (_ctx, origin, client) =>
      (client.redirectUris ?? []).some((uri) => URL.parse(uri)?.origin === origin),
    renderError: (ctx, out) => {
      sendProviderPage(ctx, renderErrorPage(out.error, out.error_description))
    },
    ttl: {
      AccessToken: ttl,
      IdToken: ttl,
      AuthorizationCode: 60,
      Interaction: 60 * 60,
      RefreshToken: longTtl,
      Grant: longTtl,
      Session: longTtl,
    },
  }
}

/** Serves one of the hub's pages from inside oidc-provider, with the pages' headers. */
function sendProviderPage(ctx: KoaContextWithOIDC, html: string): void {
  ctx.set(PAGE_HEADERS)
  ctx.body = html
}
