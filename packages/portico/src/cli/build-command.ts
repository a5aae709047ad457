import { logger } from '../core/logger.js'
import { buildPlugin } from '../plugin/build-plugin.js'

/** `portico build [dir]`: writes the derived model and the compiled tools to `.portico/`. */
export async function buildCommand(rootDir: string): Promise<void> {
  const started = performance.now()
  const model = await buildPlugin(rootDir)
  const tools = model.tools.length
  const classes = model.toolClasses.length
  const ms = Math.round(performance.now() - started)
  logger.success(
    `Built ${tools} tool${tools === 1 ? '' : 's'} of ${classes} class${classes === 1 ? '' : 'es'} into .portico/ in ${ms} ms`,
  )
}
