import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

/** The folder of tool modules inside a plugin. */
export const toolsFolderName = 'tools'

/** Absolute paths of `tools/*.ts` (not declarations, not tests), sorted for stable output. */
export function findToolFiles(rootDir: string): string[] {
  const folder = join(rootDir, toolsFolderName)
  if (!existsSync(folder)) return []
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(?:ts|mts)$/.test(entry.name))
    .filter((entry) => !/\.d\.(?:ts|mts)$|\.test\.(?:ts|mts)$/.test(entry.name))
    .map((entry) => join(folder, entry.name))
    .sort()
}
