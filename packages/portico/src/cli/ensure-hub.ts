import { PORTICO_HUB_ISSUER } from '../auth/auth-settings.js'
import { logger } from '../core/logger.js'
import { CliError } from './cli-error.js'
import { hubMissing } from './hub-missing.js'

/** How long the probe of the hub's address waits for an answer. */
const PROBE_TIMEOUT_MS = 2_000

/**
 * Makes sure a Portico hub answers at the default issuer, `http://localhost:4400`, for
 * `portico dev` in mode portico-hub without `OAUTH_ISSUER`: a hub already there is used (another
 * dev session, or `portico hub`); when nothing listens, one is started in this process and
 * says so; anything else on that port is an error that names it. Resolves once the hub answers.
 */
export async function ensureHub(): Promise<void> {
  const found = await probeHub()
  if (found === 'hub') {
    logger.info(`Using the Portico hub at ${PORTICO_HUB_ISSUER}`)
    return
  }
  if (found === 'other') throw occupied()
  const { startHub } = await import('@portico/hub').catch(
    hubMissing(
      `mode portico-hub starts one at ${PORTICO_HUB_ISSUER} when none answers there (or set OAUTH_ISSUER to the issuer of a running hub)`,
    ),
  )
  try {
    const hub = await startHub({
      port: Number(new URL(PORTICO_HUB_ISSUER).port),
      issuer: PORTICO_HUB_ISSUER,
      log: (message) => logger.info(`hub: ${message}`),
    })
    logger.success(
      `Started the Portico hub at ${hub.issuer} for the login (data in ${hub.store.location}; run "portico hub" to keep one running on its own)`,
    )
  } catch (error) {
    // Another dev session may have started one in the meantime.
    if ((await probeHub()) === 'hub') return
    throw error
  }
}

/** What answers at the hub's address: a hub, something else, or nothing. */
async function probeHub(): Promise<'hub' | 'other' | 'none'> {
  try {
    const response = await fetch(`${PORTICO_HUB_ISSUER}/.well-known/openid-configuration`, {
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    })
    const document = response.ok ? ((await response.json()) as { issuer?: unknown }) : undefined
    return document?.issuer === PORTICO_HUB_ISSUER ? 'hub' : 'other'
  } catch (error) {
    return isRefused(error) ? 'none' : 'other'
  }
}

function isRefused(error: unknown): boolean {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined
  // undici reports a failed happy-eyeballs attempt as an AggregateError of the refusals.
  const codes =
    cause instanceof AggregateError
      ? cause.errors.map((e: { code?: unknown }) => e.code)
      : [cause?.code]
  return codes.length > 0 && codes.every((code) => code === 'ECONNREFUSED')
}

function occupied(): CliError {
  return new CliError(
    `Something other than a Portico hub answers at ${PORTICO_HUB_ISSUER}. Stop it, or set OAUTH_ISSUER to the issuer of a hub or identity provider.`,
  )
}
