import { useEffect, useState } from 'preact/hooks'

/** A module loaded on demand: loading, loaded, or failed with a message. */
export type LazyModule<T> =
  | { status: 'loading' }
  | { status: 'ready'; module: T }
  | { status: 'failed'; message: string }

/**
 * Loads a module with `load` (an `import()`) when the component first renders, so that the
 * module, and what it imports, is a chunk of its own, fetched only by the pages that need it.
 * `load` should be a constant: a new function loads again.
 */
export function useLazyModule<T>(load: () => Promise<T>): LazyModule<T> {
  const [state, setState] = useState<LazyModule<T>>({ status: 'loading' })
  useEffect(() => {
    let current = true
    load().then(
      (module) => current && setState({ status: 'ready', module }),
      (error: unknown) =>
        current &&
        setState({
          status: 'failed',
          message: error instanceof Error ? error.message : String(error),
        }),
    )
    return () => {
      current = false
    }
  }, [load])
  return state
}
