import { once } from 'node:events'
import { runCli } from './cli-process.js'

/** Options of {@link buildPlugin}. */
export interface BuildPluginOptions {
  /** `portico build --target`: `worker` also writes the plugin as one module for workerd. */
  target?: 'worker'
  /** Added to the CLI's environment. */
  env?: Record<string, string>
}

/**
 * Runs `portico build` on the plugin folder `dir` with the built CLI (as {@link runCli} runs
 * it), for a test that needs a built plugin rather than one about the build command itself.
 * Resolves with what the CLI printed when it succeeds; rejects with that output when it fails.
 */
export async function buildPlugin(dir: string, options: BuildPluginOptions = {}): Promise<string> {
  const target = options.target ? ['--target', options.target] : []
  const cli = runCli(['build', ...target, dir], options.env)
  // `close`, not `exit`: the output is complete once the process's pipes have closed.
  const [code, signal] = (await once(cli.child, 'close')) as [number | null, string | null]
  if (code !== 0) {
    const ending = signal ? `was killed by ${signal}` : `exited with ${code}`
    throw new Error(`portico build ${dir} ${ending}:\n${cli.output()}`)
  }
  return cli.output()
}
