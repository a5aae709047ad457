import { readFileSync } from 'node:fs'

/** This package's version, which is also the `portico` version a scaffold depends on. */
export function ownVersion(): string {
  const manifest: unknown = JSON.parse(
    readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
  )
  const version = (manifest as { version?: unknown }).version
  if (typeof version !== 'string') throw new Error('create-portico: package.json has no version')
  return version
}
