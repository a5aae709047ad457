import { afterAll, beforeAll } from 'vitest'
import { logger } from '../../src/core/logger.js'

/**
 * Every line the server logs while the calling test file runs, an Error as `Name: message`
 * and without its fields:
 * registers a reporter before the file's tests and removes it after them.
 */
export function useLoggedLines(): string[] {
  const logged: string[] = []
  const reporter = {
    log: (entry: { args: unknown[] }) => {
      logged.push(
        entry.args
          // A plain object holds a line's fields (its `requestId`), not its words.
          .filter((arg) => arg?.constructor !== Object)
          .map((arg) => (arg instanceof Error ? `${arg.name}: ${arg.message}` : String(arg)))
          .join(' '),
      )
    },
  }
  beforeAll(() => logger.addReporter(reporter))
  afterAll(() => logger.removeReporter(reporter))
  return logged
}
