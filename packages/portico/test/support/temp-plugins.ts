import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'

/** Throwaway plugin folders for one test file, removed after it. */
export interface TempPlugins {
  /** A fresh plugin folder holding `files` and the symlinks `links` (path → target). */
  plugin(
    files: Record<string, string | Uint8Array>,
    links?: Record<string, string>,
  ): Promise<string>
  /** A fresh real path beside the plugins, outside all of them: a target for escape tests. */
  outside(suffix?: string): Promise<string>
}

/** Registers a temp folder for the calling test file (created before, removed after it). */
export function useTempPlugins(prefix: string): TempPlugins {
  let root = ''
  let count = 0
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), `portico-${prefix}-`))
  })
  afterAll(() => rm(root, { recursive: true, force: true }))
  return {
    async plugin(files, links = {}) {
      const dir = join(root, `plugin-${++count}`)
      await mkdir(dir)
      for (const [path, content] of Object.entries(files)) {
        await mkdir(dirname(join(dir, path)), { recursive: true })
        await writeFile(join(dir, path), content)
      }
      for (const [path, target] of Object.entries(links)) {
        await mkdir(dirname(join(dir, path)), { recursive: true })
        await symlink(target, join(dir, path))
      }
      return dir
    },
    async outside(suffix = '') {
      return join(await realpath(root), `outside-${++count}${suffix}`)
    },
  }
}
