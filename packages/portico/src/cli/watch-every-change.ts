import { stat } from 'node:fs/promises'
import type { FSWatcher } from 'chokidar'

/** chokidar drops a second `change` of a path that comes within 50 ms of the one it emitted. */
const CHOKIDAR_CHANGE_THROTTLE_MS = 50

/**
 * Calls `listener` for every event of `watcher`, and again for a file changed once more within
 * chokidar's change throttle, which it would drop: a second save 40 ms after the first was never
 * served. Each `add` and `change` looks at the file's modification time once the throttle is
 * over, and reports it again if it moved and chokidar has not reported it since.
 */
export function watchEveryChange(watcher: FSWatcher, listener: (path: string) => void): void {
  // Reports per path: a look after the throttle stays quiet once chokidar has reported again.
  const reports = new Map<string, number>()
  const report = (path: string) => {
    reports.set(path, (reports.get(path) ?? 0) + 1)
    listener(path)
  }
  watcher.on('all', (event, path) => {
    report(path)
    if (event !== 'add' && event !== 'change') return
    const reported = reports.get(path)
    void modifiedAt(path).then((seen) => {
      setTimeout(async () => {
        const moved = (await modifiedAt(path)) !== seen
        if (moved && reports.get(path) === reported) report(path)
      }, CHOKIDAR_CHANGE_THROTTLE_MS * 2)
    })
  })
}

async function modifiedAt(path: string): Promise<number | undefined> {
  try {
    return (await stat(path)).mtimeMs
  } catch {
    return undefined
  }
}
