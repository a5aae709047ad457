import { existsSync } from 'node:fs'
import { readFile, realpath } from 'node:fs/promises'
import { join } from 'node:path'
import { isTextMediaType, mediaTypeFor } from '../../core/media-types.js'
import { PluginDefinitionError } from '../../core/plugin-definition-error.js'
import { type FolderFileEntry, listFolderFiles } from '../assets/list-folder-files.js'
import { resolveInsidePlugin } from '../assets/resolve-inside-plugin.js'
import type { ResourceFileDefinition } from '../plugin-model.js'
import { resourceUriOf } from './resource-uri.js'

/** The folder of static resources inside a plugin. */
const resourcesFolderName = 'resources'

/** How much `resources/` may hold: it is carried in the model and served from memory. */
export interface ResourceLimits {
  /** Largest file, in bytes. */
  maxFileBytes: number
  maxFiles: number
  /** Total size of the files, in bytes. */
  maxBytes: number
}

/** 8 MiB a file, 1,000 files, 64 MiB in all. */
const defaultResourceLimits: ResourceLimits = {
  maxFileBytes: 8 * 1024 * 1024,
  maxFiles: 1000,
  maxBytes: 64 * 1024 * 1024,
}

const utf8 = new TextDecoder('utf-8', { fatal: true })

/**
 * Reads every file below `resources/`, recursively, sorted by path; no folder means no
 * resources. Each is a resource at `<scheme>://<path without its last extension>`, typed by
 * extension; text types in valid UTF-8 are served as text, the rest as base64 blobs. Dot-files
 * and dot-folders are left out; a symlink may lead anywhere inside `resources/`. Throws
 * {@link PluginDefinitionError} naming the file for a symlink leaving the folder, a name
 * holding `\` or `:` (it would unpack elsewhere on Windows), a file over the limits, or two
 * files with one URI (`notes.md` and `notes.txt`).
 *
 * @example
 * await loadResources(rootDir, 'notes') // resources/guides/setup.md → notes://guides/setup
 */
export async function loadResources(
  rootDir: string,
  scheme: string,
  limits: ResourceLimits = defaultResourceLimits,
): Promise<ResourceFileDefinition[]> {
  const folder = join(rootDir, resourcesFolderName)
  if (!existsSync(folder)) return []
  const folderRealPath = await resolveInsidePlugin(await realpath(rootDir), folder, {
    file: resourcesFolderName,
  })
  const entries = await listFolderFiles(folderRealPath, {
    file: resourcesFolderName,
    boundary: { realPath: folderRealPath, name: `the ${resourcesFolderName} folder` },
  })
  checkLimits(entries, limits)
  const byUri = new Map<string, string>()
  const resources: ResourceFileDefinition[] = []
  for (const entry of entries) {
    const file = `${resourcesFolderName}/${entry.path}`
    const uri = resourceUriOf(scheme, entry.path)
    if (uri === undefined) {
      throw new PluginDefinitionError({ file }, 'no valid URI can be made of its path; rename it')
    }
    const first = byUri.get(uri)
    if (first !== undefined) {
      throw new PluginDefinitionError(
        { file },
        `its URI ${uri} is also the URI of ${first}; rename one (a URI drops the last extension)`,
      )
    }
    byUri.set(uri, file)
    const bytes = await readFile(entry.realPath)
    const mimeType = mediaTypeFor(entry.path)
    resources.push({
      uri,
      file: { path: entry.path, base64: bytes.toString('base64') },
      mimeType,
      text: isTextMediaType(mimeType) && isUtf8(bytes),
      size: bytes.byteLength,
    })
  }
  return resources
}

function checkLimits(entries: readonly FolderFileEntry[], limits: ResourceLimits): void {
  const oversized = entries.find((entry) => entry.size > limits.maxFileBytes)
  if (oversized) {
    throw new PluginDefinitionError(
      { file: `${resourcesFolderName}/${oversized.path}` },
      `the file is ${oversized.size} bytes; a resource may be at most ${limits.maxFileBytes} bytes`,
    )
  }
  const files = entries.length
  const bytes = entries.reduce((sum, entry) => sum + entry.size, 0)
  if (files > limits.maxFiles) {
    throw new PluginDefinitionError(
      { file: resourcesFolderName },
      `the folder has ${files} files; at most ${limits.maxFiles} are allowed`,
    )
  }
  if (bytes > limits.maxBytes) {
    throw new PluginDefinitionError(
      { file: resourcesFolderName },
      `the files total ${bytes} bytes; at most ${limits.maxBytes} are allowed`,
    )
  }
}

function isUtf8(bytes: Uint8Array): boolean {
  try {
    utf8.decode(bytes)
    return true
  } catch {
    return false
  }
}
