import { logger } from '../core/logger.js'
import { describeThrown } from '../invoke/describe-thrown.js'

/**
 * Logs a promise that rejected with nothing to handle it, instead of letting Node end the
 * process (its default since Node 15): a tool that starts work it does not await is beyond the
 * runtime's reach, and one such slip must not take down every other caller's tools.
 */
export function logStrayRejections(): void {
  process.on('unhandledRejection', (reason) => {
    const what = 'A promise rejected with nothing to handle it (a tool did not await its work):'
    if (reason instanceof Error) logger.error(what, reason)
    else logger.error(`${what} ${describeThrown(reason)}`)
  })
}
