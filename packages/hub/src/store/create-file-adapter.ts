import { createHash } from 'node:crypto'
import { mkdir, open, readdir, stat, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import type { ModelAdapter, StoredPayload } from './hub-store.js'
import { isErrorCode } from './is-error-code.js'
import { epochSeconds, expiresAtFor, indexValue, isLive, type StoredEntry } from './stored-entry.js'
import { writeFileAtomic } from './write-file-atomic.js'

/** Entry files are named by the SHA-256 of the id, so no id can reach outside the folder. */
const entryFilePattern = /^[0-9a-f]{64}\.json$/
/** How many entry files a scan reads at once: enough to be quick, few enough for open-file limits. */
const scanBatch = 64
/**
 * How often (at most) an upsert also sweeps the folder of expired entries, which are otherwise
 * deleted only when read: an entry nobody asks for again (an unused client) would stay on disk.
 * The first upsert of a process sweeps, so a restart clears what piled up while it was down.
 */
const sweepIntervalMs = 60_000

/** An entry as read from disk, with the inode that tells whether it was rewritten since. */
interface ReadEntry {
  path: string
  inode: number
  entry: StoredEntry
}

/**
 * The adapter of one model in a data folder: `<folder>/<sha256(id)>.json` per entry, holding
 * `{ payload, expiresAt }`. Lookups by uid, user code and grant scan the folder (a development
 * hub holds few entries), so no index can disagree with the entries across processes. Expired
 * entries are deleted when read, and by a sweep at most once a minute on upsert.
 */
export function createFileAdapter(folder: string): ModelAdapter {
  const pathOf = (id: string) =>
    join(folder, `${createHash('sha256').update(id).digest('hex')}.json`)

  async function write(path: string, entry: StoredEntry): Promise<void> {
    await mkdir(folder, { recursive: true, mode: 0o700 })
    await writeFileAtomic(path, JSON.stringify(entry))
  }

  async function findBy(name: 'uid' | 'userCode', value: string) {
    const [found] = await scan((payload) => indexValue(payload, name) === value)
    return found?.entry.payload
  }

  async function scan(matches: (payload: StoredPayload) => boolean): Promise<ReadEntry[]> {
    const names = await readdir(folder).catch((error: unknown) => {
      if (isErrorCode(error, 'ENOENT')) return []
      throw error
    })
    const paths = names
      .filter((name) => entryFilePattern.test(name))
      .map((name) => join(folder, name))
    const found: ReadEntry[] = []
    for (let start = 0; start < paths.length; start += scanBatch) {
      const batch = await Promise.all(paths.slice(start, start + scanBatch).map(readLive))
      for (const read of batch) if (read && matches(read.entry.payload)) found.push(read)
    }
    return found
  }

  let lastSweep = Number.NEGATIVE_INFINITY

  return {
    async upsert(id, payload, expiresIn) {
      await write(pathOf(id), storedEntry(payload, expiresAtFor(expiresIn)))
      const now = Date.now()
      if (now - lastSweep >= sweepIntervalMs) {
        lastSweep = now
        // Reading an expired entry deletes it; nothing is collected.
        await scan(() => false)
      }
    },
    async find(id) {
      return (await readLive(pathOf(id)))?.entry.payload
    },
    findByUid: (uid) => findBy('uid', uid),
    findByUserCode: (userCode) => findBy('userCode', userCode),
    async consume(id) {
      const read = await readLive(pathOf(id))
      if (!read) return
      const payload = { ...read.entry.payload, consumed: epochSeconds() }
      await write(read.path, storedEntry(payload, read.entry.expiresAt))
    },
    async destroy(id) {
      await unlinkIfPresent(pathOf(id))
    },
    async revokeByGrantId(grantId) {
      const granted = await scan((payload) => indexValue(payload, 'grantId') === grantId)
      await Promise.all(granted.map((read) => unlinkIfUnchanged(read)))
    },
  }
}

/** Reads an entry file; an expired one is deleted and reported absent. */
async function readLive(path: string): Promise<ReadEntry | undefined> {
  let read: ReadEntry
  try {
    const handle = await open(path, 'r')
    try {
      const [text, stats] = await Promise.all([handle.readFile('utf8'), handle.stat()])
      read = { path, inode: stats.ino, entry: parseEntry(text, path) }
    } finally {
      await handle.close()
    }
  } catch (error) {
    if (isErrorCode(error, 'ENOENT')) return undefined
    throw error
  }
  if (isLive(read.entry)) return read
  await unlinkIfUnchanged(read)
  return undefined
}

/** The entry to write; `expiresAt` is left out when the entry never expires. */
function storedEntry(payload: StoredPayload, expiresAt: number | undefined): StoredEntry {
  return expiresAt === undefined ? { payload } : { payload, expiresAt }
}

function parseEntry(text: string, path: string): StoredEntry {
  try {
    return JSON.parse(text) as StoredEntry
  } catch (error) {
    throw new Error(`${path} is not a stored entry (not JSON); delete it`, { cause: error })
  }
}

/**
 * Deletes the file only if it is still the one that was read: every write renames a new file in
 * place, so a changed inode means another process rewrote the entry meanwhile, and it stays.
 */
async function unlinkIfUnchanged(read: ReadEntry): Promise<void> {
  const current = await stat(read.path).catch(() => undefined)
  if (current?.ino === read.inode) await unlinkIfPresent(read.path)
}

async function unlinkIfPresent(path: string): Promise<void> {
  await unlink(path).catch((error: unknown) => {
    if (!isErrorCode(error, 'ENOENT')) throw error
  })
}
