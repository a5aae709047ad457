import { logger } from '../core/logger.js'
import { buildPlugin } from '../plugin/build-plugin.js'

/** `portico build [dir]`: writes the derived model and the compiled tools to `.portico/`. */
export async function buildCommand(rootDir: string): Promise<void> {
  const started = performance.now()
  const model = await buildPlugin(rootDir)
  logger.success(
    `Built ${model.tools.length} tools of ${model.toolClasses.length} classes into .portico/ in ${Math.round(performance.now() - started)} ms`,
  )
}
