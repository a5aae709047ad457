import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { createClientMetadataResolver } from './cimd/client-metadata-resolver.js'
import { isLoopbackHost } from './cimd/loopback-host.js'
import { allowsLoopbackDocuments, type HubOptions, resolveHubOptions } from './hub-options.js'
import { buildHubProvider } from './provider/build-hub-provider.js'
import type { ProviderContext } from './provider/create-provider-configuration.js'
import { expireUnusedClients } from './provider/expire-unused-clients.js'
import { createHubAccounts } from './provider/hub-accounts.js'
import { loadOidcProvider } from './provider/load-oidc-provider.js'
import { createHubRouter } from './server/create-hub-router.js'
import { createRegistrationLimiter } from './server/create-registration-limiter.js'
import { startKeyKeeper } from './server/key-keeper.js'
import { boundUrl, closeServer, listen } from './server/listen.js'
import { createFileStore } from './store/create-file-store.js'
import type { HubStore } from './store/hub-store.js'

/** A running hub. */
export interface Hub {
  /** The issuer identifier, as tokens carry it in `iss`. */
  issuer: string
  /** Where it listens: `http://<host>:<port>`. */
  url: string
  port: number
  store: HubStore
  /**
   * Replaces the signing key (and adds a cookie secret) in the store, for every replica; the
   * old key stays published until the tokens it signed have expired.
   */
  rotateKeys(): Promise<void>
  /** Stops listening, ends open connections and closes the store. */
  close(): Promise<void>
}

/**
 * Starts a Portico hub: a development OpenID Provider for `portico-hub` plugins and their MCP
 * clients, with a login page of test users instead of passwords, dynamic registration, Client
 * ID Metadata Documents, PKCE (S256), resource indicators and JWT access tokens. The hub owns
 * the store it is given and closes it on `close()`.
 *
 * @example
 * import { startHub } from '@portico/hub'
 * const hub = await startHub({ port: 0 })
 * console.log(`${hub.issuer}/.well-known/openid-configuration`)
 */
export async function startHub(options: HubOptions = {}): Promise<Hub> {
  const settings = resolveHubOptions(options)
  const oidc = await loadOidcProvider()
  // The issuer may name the bound port, so the socket is bound first; until the provider
  // exists (a few milliseconds later), requests are answered 503.
  let router: ((request: IncomingMessage, response: ServerResponse) => void) | undefined
  const server = createServer((request, response) => {
    if (router === undefined) response.writeHead(503, { 'retry-after': '1' }).end()
    else router(request, response)
  })
  const port = await listen(server, settings.port, settings.host)
  let store = settings.store
  try {
    const issuer = settings.issuer ?? `http://localhost:${port}`
    const hubStore = store ?? (await createFileStore(settings.dataDir))
    store = hubStore
    const context: ProviderContext = {
      issuer,
      settings,
      store: hubStore,
      accounts: createHubAccounts(settings.users, hubStore),
      resolver: createClientMetadataResolver({
        ...settings.clientMetadata,
        allowLoopback: allowsLoopbackDocuments(issuer, settings.host),
      }),
      registeredClients: expireUnusedClients(
        hubStore.adapter('Client'),
        settings.registration.unusedClientTtlSeconds,
      ),
      oidc,
    }
    const keys = await startKeyKeeper({
      store: hubStore,
      retainSeconds: settings.accessTokenTtlSeconds + 60,
      refreshSeconds: settings.keyRefreshSeconds,
      log: settings.log,
      // Requests already being served finish on the provider they started on.
      onChange(keySet) {
        try {
          provider = buildHubProvider(context, keySet)
        } catch (error) {
          settings.log(`portico hub: key set ${keySet.version} could not be used: ${String(error)}`)
        }
      },
    })
    let provider = buildHubProvider(context, keys.current)
    if (!isLoopbackHost(settings.host)) {
      settings.warn(
        `portico hub: listening on ${boundUrl(settings.host, port)}, beyond this machine, and the hub has no passwords: anyone who can reach it can sign in as any user and get tokens that portico-hub plugins accept. Use it for development and test tiers on a network you trust, never in front of real data.`,
      )
    }
    router = createHubRouter({
      issuer,
      current: () => provider,
      admitRegistration: createRegistrationLimiter({
        burst: settings.registration.burst,
        perMinute: settings.registration.perMinute,
        // The same rule as the provider's trust in X-Forwarded-* (see `buildHubProvider`).
        behindProxy: issuer.startsWith('https:'),
      }),
      log: settings.log,
    })
    return {
      issuer,
      url: boundUrl(settings.host, port),
      port,
      store: hubStore,
      rotateKeys: () => keys.rotate(),
      async close() {
        keys.stop()
        await closeServer(server)
        await hubStore.close()
      },
    }
  } catch (error) {
    await closeServer(server)
    await store?.close()
    throw error
  }
}
