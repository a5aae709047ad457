import { logger } from '../core/logger.js'
import { describeThrown } from '../invoke/describe-thrown.js'

/** The exit code of a process that ends on an exception nothing caught: Node's own. */
const UNCAUGHT_EXIT_CODE = 1

/**
 * Ends the process on an exception nothing caught (thrown from a timer or a callback a tool
 * left behind), as Node does, but first writes it as one log line with its stack, where Node
 * would print raw text among the JSON lines. The process does not keep serving: such a throw
 * leaves whatever it was doing half done, and the state it shares with every other call (a
 * connection pool, a cache, a lock held) may be corrupt. A stray rejection is different: it
 * only logs (see `logStrayRejections`), because a promise that rejects has unwound cleanly.
 */
export function exitOnUncaughtException(): void {
  process.on('uncaughtException', (error) => {
    const what =
      'An exception nothing caught (a tool threw from a timer or callback): the process ends'
    if (error instanceof Error) logger.fatal(what, error)
    else logger.fatal(`${what}: ${describeThrown(error)}`)
    process.exit(UNCAUGHT_EXIT_CODE)
  })
}
