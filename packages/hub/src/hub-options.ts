import { homedir } from 'node:os'
import { join } from 'node:path'
import { isLoopbackHost, isLoopbackHostname } from './cimd/loopback-host.js'
import { DEFAULT_HUB_USERS, type HubUser, USERNAME_PATTERN } from './hub-users.js'
import type { HubStore } from './store/hub-store.js'

/** A pre-registered public client (PKCE, no secret). */
export interface HubClient {
  clientId: string
  redirectUris: string[]
  clientName?: string
}

/** How the hub fetches Client ID Metadata Documents. */
export interface HubClientMetadataOptions {
  /** The whole fetch of one document, in milliseconds. Default 2500. */
  timeoutMs?: number
  /** The largest document accepted, in bytes. Default 5120 (the CIMD draft's advice). */
  maxBytes?: number
  /** CAs trusted for https documents, besides Node's bundled roots. */
  ca?: string | Buffer | (string | Buffer)[]
}

/** Bounds on open dynamic registration (RFC 7591), which needs no credential. */
export interface HubRegistrationOptions {
  /** Registrations one client address may make at once. Default 10. */
  burst?: number
  /** Registrations an address regains per minute once its burst is spent. Default 10. */
  perMinute?: number
  /**
   * Seconds after which a dynamically registered client that nobody used is deleted; each use
   * renews it. Default `refreshTokenTtlSeconds` (14 days): an idle client holds no live
   * refresh token by then.
   */
  unusedClientTtlSeconds?: number
}

/** Options of `startHub`; every one has a default. */
export interface HubOptions {
  /** The port to listen on: default 4400; 0 picks a free one. */
  port?: number
  /**
   * The address to listen on: default `127.0.0.1`. Any address beyond loopback (`0.0.0.0`, …)
   * needs `issuer`, makes the hub warn that it has no passwords, and stops it from fetching
   * client metadata documents from loopback.
   */
  host?: string
  /**
   * The issuer identifier: default `http://localhost:<bound port>`, allowed only when `host` is
   * loopback. No trailing slash.
   */
  issuer?: string
  /** Where sessions, grants, clients and keys live: default a file store in `dataDir`. */
  store?: HubStore
  /** The file store's folder: default `$PORTICO_HUB_DATA`, else `~/.portico/hub`. */
  dataDir?: string
  /** The test users on the login page: default {@link DEFAULT_HUB_USERS}. */
  users?: readonly HubUser[]
  /** Pre-registered public clients. */
  clients?: readonly HubClient[]
  clientMetadata?: HubClientMetadataOptions
  /** Limits of dynamic registration: a rate per client address and an expiry of unused clients. */
  registration?: HubRegistrationOptions
  /** Lifetime of access tokens (and ID tokens), in seconds. Default 3600. */
  accessTokenTtlSeconds?: number
  /** Lifetime of refresh tokens (and grants and sessions), in seconds. Default 14 days. */
  refreshTokenTtlSeconds?: number
  /** How often a replica re-reads the key set from the store, in seconds. Default 30. */
  keyRefreshSeconds?: number
  /**
   * Whether a browser whose hub session is still valid is signed in again without the login
   * page, for a client it already granted, as an identity provider with sessions does (and as
   * `prompt=none` needs). Default false: the page shows on every authorization, since choosing
   * who signs in is the point of a test hub.
   */
  rememberSignIn?: boolean
  /** Where the hub reports failures (unexpected errors, key reloads): default stderr. */
  log?: (message: string) => void
  /** Where the hub warns of an unsafe setting (listening beyond loopback): default `log`. */
  warn?: (message: string) => void
}

/** The options with their defaults applied and checked, except those that need the socket. */
export interface HubSettings {
  port: number
  host: string
  issuer: string | undefined
  store: HubStore | undefined
  dataDir: string
  users: readonly HubUser[]
  clients: readonly HubClient[]
  clientMetadata: {
    timeoutMs: number
    maxBytes: number
    ca?: NonNullable<HubClientMetadataOptions['ca']>
  }
  registration: Required<HubRegistrationOptions>
  accessTokenTtlSeconds: number
  refreshTokenTtlSeconds: number
  keyRefreshSeconds: number
  rememberSignIn: boolean
  log: (message: string) => void
  warn: (message: string) => void
}

/**
 * Applies the defaults and checks the options, so that a mistake fails `startHub` before it
 * listens, naming the option and what it accepts.
 */
export function resolveHubOptions(options: HubOptions): HubSettings {
  const refreshTokenTtlSeconds = options.refreshTokenTtlSeconds ?? 14 * 24 * 60 * 60
  const settings: HubSettings = {
    port: options.port ?? 4400,
    host: options.host ?? '127.0.0.1',
    issuer: options.issuer,
    store: options.store,
    dataDir: options.dataDir ?? process.env.PORTICO_HUB_DATA ?? join(homedir(), '.portico', 'hub'),
    users: options.users ?? DEFAULT_HUB_USERS,
    clients: options.clients ?? [],
    clientMetadata: {
      timeoutMs: options.clientMetadata?.timeoutMs ?? 2500,
      maxBytes: options.clientMetadata?.maxBytes ?? 5120,
      ...(options.clientMetadata?.ca === undefined ? {} : { ca: options.clientMetadata.ca }),
    },
    registration: {
      burst: options.registration?.burst ?? 10,
      perMinute: options.registration?.perMinute ?? 10,
      unusedClientTtlSeconds:
        options.registration?.unusedClientTtlSeconds ?? refreshTokenTtlSeconds,
    },
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 3600,
    refreshTokenTtlSeconds,
    keyRefreshSeconds: options.keyRefreshSeconds ?? 30,
    rememberSignIn: options.rememberSignIn ?? false,
    log: options.log ?? ((message) => process.stderr.write(`${message}\n`)),
    warn: options.warn ?? options.log ?? ((message) => process.stderr.write(`${message}\n`)),
  }
  if (!Number.isInteger(settings.port) || settings.port < 0 || settings.port > 65535) {
    throw new TypeError(`startHub: port must be an integer from 0 to 65535, not ${settings.port}`)
  }
  if (settings.issuer !== undefined) checkIssuer(settings.issuer)
  else if (!isLoopbackHost(settings.host)) {
    throw new TypeError(
      `startHub: host ${JSON.stringify(settings.host)} listens beyond loopback, where the default issuer http://localhost:<port> names no reachable hub: pass issuer, the URL clients reach the hub at (e.g. http://hub.example.lan:4400)`,
    )
  }
  for (const [name, value] of [
    ['clientMetadata.timeoutMs', settings.clientMetadata.timeoutMs],
    ['clientMetadata.maxBytes', settings.clientMetadata.maxBytes],
    ['registration.burst', settings.registration.burst],
    ['registration.perMinute', settings.registration.perMinute],
    ['registration.unusedClientTtlSeconds', settings.registration.unusedClientTtlSeconds],
    ['accessTokenTtlSeconds', settings.accessTokenTtlSeconds],
    ['refreshTokenTtlSeconds', settings.refreshTokenTtlSeconds],
    ['keyRefreshSeconds', settings.keyRefreshSeconds],
  ] as const) {
    if (!Number.isInteger(value) || value <= 0) {
      throw new TypeError(`startHub: ${name} must be a positive integer, not ${value}`)
    }
  }
  for (const [index, user] of settings.users.entries()) {
    if (!USERNAME_PATTERN.test(user.username)) {
      throw new TypeError(
        `startHub: users[${index}].username ${JSON.stringify(user.username)} must match ${USERNAME_PATTERN.source}`,
      )
    }
  }
  return settings
}

function checkIssuer(issuer: string): void {
  const url = URL.parse(issuer)
  if (
    url === null ||
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    url.search !== '' ||
    url.hash !== '' ||
    issuer.endsWith('/')
  ) {
    throw new TypeError(
      `startHub: issuer ${JSON.stringify(issuer)} must be an http(s) URL without query, fragment or trailing slash`,
    )
  }
}

/**
 * Whether client metadata documents may be fetched from loopback (development): only when both
 * the issuer and the listening address are on loopback. A hub reachable from elsewhere must not
 * let anyone make it connect to this machine's ports (its error page would be a port scanner).
 */
export function allowsLoopbackDocuments(issuer: string, host: string): boolean {
  const url = URL.parse(issuer)
  return url !== null && isLoopbackHostname(url.hostname) && isLoopbackHost(host)
}
