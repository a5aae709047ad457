import type { StoredPayload } from './hub-store.js'

/** One entry as the stores keep it: the payload and when it stops being found. */
export interface StoredEntry {
  payload: StoredPayload
  /** Epoch milliseconds; absent when the entry never expires. */
  expiresAt?: number
}

/** The epoch millisecond at which an entry upserted now with `expiresIn` seconds expires. */
export function expiresAtFor(expiresIn: number | undefined, now = Date.now()): number | undefined {
  return typeof expiresIn === 'number' ? now + expiresIn * 1000 : undefined
}

/** Whether the entry can still be found at `now` (epoch milliseconds). */
export function isLive(entry: { expiresAt?: number | undefined }, now = Date.now()): boolean {
  return entry.expiresAt === undefined || entry.expiresAt > now
}

/** The value `consume` writes into `consumed`: oidc-provider compares it with epoch seconds. */
export function epochSeconds(now = Date.now()): number {
  return Math.floor(now / 1000)
}

/** The payload's member `name` when it is a string (the index fields `uid`, `userCode`, `grantId`). */
export function indexValue(
  payload: StoredPayload,
  name: 'uid' | 'userCode' | 'grantId',
): string | undefined {
  const value = payload[name]
  return typeof value === 'string' ? value : undefined
}

/** Model names become folder names and key segments, so only plain names are accepted. */
const modelNamePattern = /^[A-Za-z][A-Za-z0-9]*$/

/** Throws a `TypeError` for a model name that is not a plain name such as `Session` or `Account`. */
export function assertModelName(model: string): void {
  if (!modelNamePattern.test(model)) {
    throw new TypeError(`Invalid model name ${JSON.stringify(model)}: expected letters and digits`)
  }
}
