import type { IncomingMessage, ServerResponse } from 'node:http'
import type { ClientMetadata, default as Provider } from 'oidc-provider'
import {
  createInteractionRoutes,
  type InteractionHandler,
} from '../interaction/create-interaction-routes.js'
import { sharedClientMetadataAt } from '../shared-client-metadata.js'
import type { HubKeySet } from '../store/hub-store.js'
import { allowAnyLoopbackPort } from './allow-any-loopback-port.js'
import {
  createProviderConfiguration,
  type ProviderContext,
} from './create-provider-configuration.js'

/** One OpenID Provider built from one key set; the hub swaps it when the keys change. */
export interface HubProvider {
  /** The version of the key set it signs with. */
  keysVersion: number
  /** oidc-provider's own endpoints. */
  handle: (request: IncomingMessage, response: ServerResponse) => void
  /** The hub's sign-in pages. */
  interact: InteractionHandler
}

/** Builds the provider for `keySet`; its real server errors go to the hub's log. */
export function buildHubProvider(context: ProviderContext, keySet: HubKeySet): HubProvider {
  const { oidc, settings, accounts } = context
  let built: Provider | undefined
  const configuration = createProviderConfiguration(context, keySet, async (metadata) => {
    if (built === undefined) return 'the hub is still starting'
    try {
      await built.Client.validate(metadata as ClientMetadata)
      return undefined
    } catch (error) {
      return descriptionOf(error)
    }
  })
  const provider = new oidc.default(context.issuer, configuration)
  built = provider
  const isSharedClient = (clientId: string) =>
    sharedClientMetadataAt(context.issuer, clientId) !== undefined
  const preRegistered = new Set(settings.clients.map((client) => client.clientId))
  allowAnyLoopbackPort(provider, isSharedClient)
  // Behind a TLS-terminating proxy the issuer is https while the socket is not; oidc-provider
  // then needs the proxy's X-Forwarded-* headers to set secure cookies.
  provider.proxy = context.issuer.startsWith('https:')
  provider.on('server_error', (ctx, error) => {
    settings.log(`portico hub: server_error on ${ctx.method} ${ctx.path}: ${error.stack ?? error}`)
  })
  return {
    keysVersion: keySet.version,
    handle: provider.callback(),
    interact: createInteractionRoutes({
      provider,
      errors: oidc.errors,
      accounts,
      users: settings.users,
      isVouchedClient: (clientId) => preRegistered.has(clientId) || isSharedClient(clientId),
    }),
  }
}

/** The description of an oidc-provider error (what the user should read), else its message. */
function descriptionOf(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'error_description' in error) {
    return String(error.error_description)
  }
  return error instanceof Error ? error.message : String(error)
}
