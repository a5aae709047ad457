import { readdir, readFile, stat } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { isMissingError } from '../../core/resolve-safe-path.js'
import { createEtag } from '../../http/conditional-request.js'
import { contentTypeFor } from '../../http/content-types.js'
import { zlibOnDemand } from '../../http/zlib-on-demand.js'

/** The built docs site in the portico package (`packages/docs-ui` builds it there). */
export const SITE_DIR = fileURLToPath(new URL('../../../site/', import.meta.url))

/** One file of the built site, read once and kept: the whole site is a few files. */
export interface SiteFile {
  bytes: Uint8Array
  contentType: string
  etag: string
  mtimeMs: number
  /** The bytes gzipped (level 9), made on first use and kept: assets never change. */
  gzipped(): Uint8Array
}

/** The site's index page and its hashed assets, by file name. */
export interface SiteFiles {
  index(): Promise<SiteFile | undefined>
  asset(name: string): Promise<SiteFile | undefined>
}

/**
 * Reads the built site on demand and keeps what it read. An asset is served only when its name
 * is one `readdir` listed, so no request path ever reaches the file system. Undefined answers
 * mean the site is not built (or has no such file).
 */
export function createSiteFiles(siteDir: string = SITE_DIR): SiteFiles {
  const files = new Map<string, Promise<SiteFile | undefined>>()
  let assetNames: Promise<Set<string>> | undefined

  const load = (path: string) => {
    let file = files.get(path)
    if (file === undefined) {
      file = readSiteFile(path)
      files.set(path, file)
    }
    return file
  }
  const listAssets = () => {
    assetNames ??= readdir(`${siteDir}assets`).then(
      (names) => new Set(names),
      (error: unknown) => {
        if (isMissingError(error)) return new Set<string>()
        throw error
      },
    )
    return assetNames
  }

  return {
    index: () => load(`${siteDir}index.html`),
    async asset(name) {
      if (!(await listAssets()).has(name)) return undefined
      return load(`${siteDir}assets/${name}`)
    },
  }
}

async function readSiteFile(path: string): Promise<SiteFile | undefined> {
  try {
    const [bytes, stats] = await Promise.all([readFile(path), stat(path)])
    let gzipped: Uint8Array | undefined
    return {
      bytes,
      contentType: contentTypeFor(path),
      etag: createEtag(stats.size, stats.mtimeMs),
      mtimeMs: stats.mtimeMs,
      gzipped: () => {
        gzipped ??= zlibOnDemand().gzipSync(bytes, { level: 9 })
        return gzipped
      },
    }
  } catch (error) {
    if (isMissingError(error)) return undefined
    throw error
  }
}
