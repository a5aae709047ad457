import { open, stat, unlink } from 'node:fs/promises'
import { setTimeout as sleep } from 'node:timers/promises'
import { isErrorCode } from './is-error-code.js'

/** A lock older than this was left by a process that died while holding it. */
const staleAfterMs = 10_000
/** How long to wait for another holder before giving up. */
const waitForMs = 5_000

/**
 * Runs `task` while holding `lockPath`, a file created exclusively (`wx`), so read-check-write
 * sequences of several processes on one data folder do not interleave.
 */
export async function withFileLock<T>(lockPath: string, task: () => Promise<T>): Promise<T> {
  await acquire(lockPath)
  try {
    return await task()
  } finally {
    await unlink(lockPath).catch(() => {})
  }
}

async function acquire(lockPath: string): Promise<void> {
  const deadline = Date.now() + waitForMs
  for (;;) {
    try {
      const handle = await open(lockPath, 'wx', 0o600)
      await handle.writeFile(String(process.pid))
      await handle.close()
      return
    } catch (error) {
      if (!isErrorCode(error, 'EEXIST')) throw error
    }
    if (await isStale(lockPath)) {
      await unlink(lockPath).catch(() => {})
      continue
    }
    if (Date.now() > deadline) {
      throw new Error(
        `${lockPath} is held by another process; delete it if no hub is using this folder`,
      )
    }
    await sleep(10 + Math.random() * 20)
  }
}

async function isStale(lockPath: string): Promise<boolean> {
  try {
    return Date.now() - (await stat(lockPath)).mtimeMs > staleAfterMs
  } catch {
    return false
  }
}
