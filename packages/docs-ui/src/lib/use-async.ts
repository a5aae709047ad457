import { type Inputs, useEffect, useState } from 'preact/hooks'

/** A value a component waits for: loading, ready, or failed with a message. */
export type AsyncState<T> =
  | { status: 'loading' }
  | { status: 'ready'; value: T }
  | { status: 'failed'; message: string }

/**
 * Runs `load` when `inputs` change and re-renders with its outcome; an outcome that arrives
 * after the inputs changed again (or the component left) is dropped.
 */
export function useAsync<T>(load: () => Promise<T>, inputs: Inputs): AsyncState<T> {
  const [state, setState] = useState<AsyncState<T>>({ status: 'loading' })
  // The caller names what `load` depends on, in `inputs`.
  useEffect(() => {
    let current = true
    setState({ status: 'loading' })
    load().then(
      (value) => current && setState({ status: 'ready', value }),
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
  }, inputs)
  return state
}

/**
 * A module loaded on demand (an `import()`), so that it and what it imports are a chunk of
 * their own, fetched only by the pages that need it. `load` should be a constant.
 */
export function useLazyModule<T>(load: () => Promise<T>): AsyncState<T> {
  return useAsync(load, [load])
}
