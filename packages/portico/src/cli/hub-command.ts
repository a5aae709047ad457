import { logger } from '../core/logger.js'
import { CliError } from './cli-error.js'
import { hubMissing } from './hub-missing.js'
import { stopOnSignals } from './stop-on-signals.js'

/** Flags of `portico hub`. */
export interface HubFlags {
  port: number
  host: string
  issuer?: string
  data?: string
  redis?: string
  client: string[]
  rotateKeys?: boolean
}

/**
 * `portico hub`: the development identity server of mode portico-hub, on its own, until
 * stopped. Keys, clients and grants live in a data folder (or in Redis, shared by replicas).
 * A `--host` beyond loopback needs `--issuer`, and the hub then warns that it has no passwords.
 */
export async function hubCommand(flags: HubFlags): Promise<void> {
  const { startHub, createRedisStore, rotateHubKeys, isLoopbackHost } = await import(
    '@portico/hub'
  ).catch(hubMissing('"portico hub" runs it'))
  const clients = flags.client.map(parseClient)
  if (!flags.rotateKeys && flags.issuer === undefined && !isLoopbackHost(flags.host)) {
    throw new CliError(
      `--host ${flags.host} listens beyond loopback, where the default issuer http://localhost:${flags.port} names no reachable hub: pass --issuer <the URL clients reach the hub at>, e.g. --issuer http://<this machine's name>:${flags.port}`,
    )
  }
  const store = flags.redis === undefined ? undefined : await createRedisStore(flags.redis)
  if (flags.rotateKeys) {
    const rotated = await rotateHubKeys({
      ...(flags.data === undefined ? {} : { dataDir: flags.data }),
      ...(store === undefined ? {} : { store }),
    })
    logger.success(
      `Rotated the hub's signing key in ${rotated.location}: ${rotated.kid} signs from now on; ${rotated.retiring.join(', ')} stays published until the tokens it signed expire. Running hubs on this data switch within 30 s.`,
    )
    return
  }
  const hub = await startHub({
    port: flags.port,
    host: flags.host,
    ...(flags.issuer === undefined ? {} : { issuer: flags.issuer }),
    ...(flags.data === undefined ? {} : { dataDir: flags.data }),
    ...(store === undefined ? {} : { store }),
    clients,
    log: (message) => logger.info(message),
    // Listening beyond loopback: the hub has no passwords, which must not scroll by as info.
    warn: (message) => logger.warn(message),
  })
  // Before the ready line: whoever waits for it may signal at once.
  stopOnSignals(() => hub.close())
  logger.success(
    `Portico hub at ${hub.issuer} (listening on ${hub.url}; data in ${hub.store.location})`,
  )
  logger.info(`Discovery: ${hub.issuer}/.well-known/openid-configuration`)
}

/** `--client <id>=<redirect uri>[,<redirect uri>…]`: a pre-registered public client. */
function parseClient(value: string): { clientId: string; redirectUris: string[] } {
  const separator = value.indexOf('=')
  const clientId = value.slice(0, separator)
  const redirectUris = value
    .slice(separator + 1)
    .split(',')
    .filter((uri) => uri !== '')
  if (
    separator <= 0 ||
    redirectUris.length === 0 ||
    !redirectUris.every((uri) => URL.canParse(uri))
  ) {
    throw new CliError(
      `--client "${value}" must be <client id>=<redirect URI>[,<redirect URI>…], e.g. docs=http://localhost:4321/oauth/callback`,
    )
  }
  return { clientId, redirectUris }
}
