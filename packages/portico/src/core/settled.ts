/** A value, or the promise of one where something must wait (a token check, a body). */
export type Pending<T> = T | Promise<T>

/** `next` of `value`, at once when it is there: no promise for what need not wait. */
export function settled<T, U>(value: Pending<T>, next: (value: T) => Pending<U>): Pending<U> {
  return value instanceof Promise ? value.then(next) : next(value)
}
