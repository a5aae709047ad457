import { consola } from 'consola'

/** The server log line of an unexpected tool failure: the one place its stack is kept. */
export function logToolError(toolId: string, error: unknown): void {
  consola.error(`${toolId} failed:`, error)
}
