import { availableParallelism } from 'node:os'
import { deserialize } from 'node:v8'
import { logger } from '../core/logger.js'
import { PorticoError } from '../core/portico-error.js'
import type { IsolatedOutcome, IsolatedTask, IsolatedWorkerData } from './isolated-tool-worker.js'

/** The heap of each worker (V8's old generation), in MiB: a leak ends its worker there. */
const ISOLATED_HEAP_MB = 256

/**
 * The workers of the pool, all kept from the start (Piscina's default count): a worker that
 * idles on is what keeps the timers, sockets and caches a tool holds between calls.
 */
const WORKERS = Math.max(2, Math.ceil(availableParallelism() * 1.5))

/** Calls of tool methods, each run in a worker thread of a pool (`server.isolateTools`). */
export interface IsolatedCalls {
  /**
   * Runs `className.methodName(input)` in a free worker and resolves with its result; rejects
   * with what it threw, or with why its worker ended (`process.exit`, an uncaught exception,
   * its heap full). When `signal` aborts, the worker is ended and the call rejects with the
   * signal's reason.
   */
  call(task: IsolatedTask, signal: AbortSignal): Promise<unknown>
  /** Ends every worker. */
  close(): Promise<void>
}

/**
 * A Piscina pool over the compiled tool modules (`modules`: module URL by class name). Piscina
 * is loaded here only, so a plugin that does not isolate its tools never loads it. An
 * exception a worker throws between calls (from a timer a tool left behind) ends that worker,
 * which the pool replaces, and is logged.
 */
export async function createIsolatedCalls(modules: Record<string, string>): Promise<IsolatedCalls> {
  const { Piscina } = await import('piscina')
  const workerData: IsolatedWorkerData = { modules }
  const pool = new Piscina<IsolatedTask, IsolatedOutcome>({
    filename: new URL('./isolated-tool-worker.js', import.meta.url).href,
    name: 'runIsolatedTask',
    workerData,
    // One call per worker: a worker that ends takes no other caller's call with it. Calls
    // beyond the workers wait for one, within their time limit.
    concurrentTasksPerWorker: 1,
    minThreads: WORKERS,
    maxThreads: WORKERS,
    // A worker's event loop runs between calls, so the timers and sockets tools keep work.
    atomics: 'disabled',
    resourceLimits: { maxOldGenerationSizeMb: ISOLATED_HEAP_MB },
  })
  pool.on('error', (error: unknown) => {
    const what = 'A tool worker ended on an exception nothing caught, and is replaced:'
    if (error instanceof Error) logger.error(what, error)
    else logger.error(`${what} ${String(error)}`)
  })
  return {
    async call(task, signal) {
      let outcome: IsolatedOutcome
      try {
        outcome = await pool.run(task, { signal })
      } catch (error) {
        if (signal.aborted) throw signal.reason
        throw error
      }
      if ('result' in outcome) return deserialize(outcome.result)
      if ('unsendable' in outcome) {
        throw new PorticoError(
          'execution',
          `The result of ${task.className}.${task.methodName} cannot leave its worker: ${outcome.unsendable}`,
          { expose: false },
        )
      }
      const { kind, message, details, expose } = outcome.porticoError
      throw new PorticoError(kind, message, { details, expose })
    },
    close: () => pool.destroy(),
  }
}
