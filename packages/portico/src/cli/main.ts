import { printError } from './print-error.js'
import { readQuickStart } from './quick-start.js'
import { serveFolder } from './serve-folder.js'

/** `portico start` with plain arguments skips Commander; every other command line goes to it. */
async function main(): Promise<void> {
  const quickStart = readQuickStart(process.argv.slice(2))
  if (quickStart) await serveFolder('start', quickStart.dir, quickStart.flags)
  else await (await import('./run-program.js')).runProgram()
}

main().catch((error: unknown) => {
  printError(error)
  process.exit(1)
})
