import { serialize } from 'node:v8'
import { workerData } from 'node:worker_threads'
import { type ErrorDetail, isPorticoError, type PorticoErrorKind } from '../core/portico-error.js'

/** One call, as the main thread sends it to a worker of the pool. */
export interface IsolatedTask {
  className: string
  methodName: string
  input: unknown
}

/** What a worker sends back: the result's bytes, or what cannot cross as it was thrown. */
export type IsolatedOutcome =
  | { result: Uint8Array }
  | { unsendable: string }
  | {
      porticoError: {
        kind: PorticoErrorKind
        message: string
        details: ErrorDetail[]
        expose: boolean
      }
    }

/** What the pool gives each worker: the compiled module of each tool class, by class name. */
export interface IsolatedWorkerData {
  modules: Record<string, string>
}

// Empty outside a worker of the pool (a test or a tool that imports this module).
const { modules } = (workerData ?? { modules: {} }) as IsolatedWorkerData
/** One instance per class and worker, made on the class's first call there. */
const instances = new Map<string, Promise<Record<string, unknown>>>()

function instanceOf(className: string): Promise<Record<string, unknown>> {
  let instance = instances.get(className)
  if (!instance) {
    instance = import(modules[className] as string).then((exports: Record<string, unknown>) => {
      const Constructor = exports[className] as new () => Record<string, unknown>
      return new Constructor()
    })
    instances.set(className, instance)
  }
  return instance
}

/**
 * Runs one call of a tool in this worker. The result crosses as V8's serialization (what
 * `postMessage` would write), made here so a value that cannot cross is named as such; a
 * `PorticoError` crosses as its fields, since a clone would lose its kind.
 */
export async function runIsolatedTask(task: IsolatedTask): Promise<IsolatedOutcome> {
  const instance = await instanceOf(task.className)
  let result: unknown
  try {
    const method = instance[task.methodName] as (input: unknown) => unknown
    result = await method.call(instance, task.input)
  } catch (error) {
    if (!isPorticoError(error)) throw error
    const { kind, message, details, expose } = error
    return { porticoError: { kind, message, details, expose } }
  }
  try {
    return { result: serialize(result) }
  } catch (error) {
    return { unsendable: error instanceof Error ? error.message : String(error) }
  }
}
