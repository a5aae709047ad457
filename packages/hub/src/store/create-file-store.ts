import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { createFileAdapter } from './create-file-adapter.js'
import { createKeysLoader } from './create-keys-loader.js'
import type { HubKeySet, HubStore, ModelAdapter } from './hub-store.js'
import { isErrorCode } from './is-error-code.js'
import { parseKeySet } from './parse-key-set.js'
import { assertModelName } from './stored-entry.js'
import { withFileLock } from './with-file-lock.js'
import { temporaryPathFor, writeFileAtomic } from './write-file-atomic.js'

/**
 * The default store: a data folder (created with mode 0700 when missing) that survives restarts
 * and may be shared by several hub processes on one machine. Layout: `keys.json` (mode 0600, the
 * key set) and `<Model>/<sha256(id)>.json` per entry (mode 0600). Every write is atomic.
 *
 * @example
 * import { createFileStore } from './store/create-file-store.js'
 * const store = await createFileStore('.portico/hub')
 */
export async function createFileStore(dir: string): Promise<HubStore> {
  const root = resolve(dir)
  await mkdir(root, { recursive: true, mode: 0o700 })
  const keysPath = join(root, 'keys.json')
  const adapters = new Map<string, ModelAdapter>()

  async function readKeys(): Promise<HubKeySet | undefined> {
    try {
      return parseKeySet(await readFile(keysPath, 'utf8'), keysPath)
    } catch (error) {
      if (isErrorCode(error, 'ENOENT')) return undefined
      throw error
    }
  }

  return {
    location: root,
    adapter(model) {
      let adapter = adapters.get(model)
      if (!adapter) {
        assertModelName(model)
        adapter = createFileAdapter(join(root, model))
        adapters.set(model, adapter)
      }
      return adapter
    },
    keys: createKeysLoader({
      read: readKeys,
      async storeIfAbsent(set) {
        // Written whole to a temporary file, then linked into place: `link` fails if keys.json
        // exists (like a `wx` open) and, unlike one, never shows another process half a file.
        const temporary = temporaryPathFor(keysPath)
        try {
          await writeFile(temporary, JSON.stringify(set, null, 2), { mode: 0o600, flag: 'wx' })
          await link(temporary, keysPath)
        } catch (error) {
          if (!isErrorCode(error, 'EEXIST')) throw error
        } finally {
          await unlink(temporary).catch(() => {})
        }
      },
    }),
    replaceKeys(next, expectedVersion) {
      return withFileLock(join(root, 'keys.lock'), async () => {
        if ((await readKeys())?.version !== expectedVersion) return false
        await writeFileAtomic(keysPath, JSON.stringify(next, null, 2))
        return true
      })
    },
    async close() {},
  }
}
