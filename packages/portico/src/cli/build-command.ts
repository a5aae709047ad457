import { logger } from '../core/logger.js'
import { buildPlugin } from '../plugin/build-plugin.js'

/** What `portico build --target` adds: `worker`, the plugin as one module for workerd. */
export type BuildTarget = 'worker'

/** `portico build [dir]`: writes the derived model and the compiled tools to `.portico/`. */
export async function buildCommand(rootDir: string, target?: BuildTarget): Promise<void> {
  const started = performance.now()
  const model = await buildPlugin(rootDir)
  const tools = model.tools.length
  const classes = model.toolClasses.length
  const ms = Math.round(performance.now() - started)
  logger.success(
    `Built ${tools} tool${tools === 1 ? '' : 's'} of ${classes} class${classes === 1 ? '' : 'es'} into .portico/ in ${ms} ms`,
  )
  if (target === 'worker') {
    const { workerBundleName, writeWorkerBundle } = await import('./write-worker-bundle.js')
    const bytes = await writeWorkerBundle(rootDir, model)
    logger.success(
      `Bundled it for workerd into .portico/${workerBundleName} (${Math.round(bytes / 1024)} KiB)`,
    )
  }
}
