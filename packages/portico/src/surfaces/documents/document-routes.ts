import { decodePublicPath } from '../../core/decode-public-path.js'
import { isPorticoError, PorticoError } from '../../core/portico-error.js'
import { COMPRESS_FROM_BYTES, createEncodings, type Encodings } from '../../http/content-coding.js'
import { JSON_CONTENT_TYPE, redirectResponse } from '../../http/json-response.js'
import { memoizeByOrigin } from '../../http/memoize-by-origin.js'
import { pathnameOf } from '../../http/pathname-of.js'
import { prepareBytes } from '../../http/prepared-bytes.js'
import { problemResponse, toProblemDocument } from '../../http/problem-response.js'
import type { Route } from '../../http/route.js'
import { serveEncodedFile } from '../../http/serve-encoded-file.js'
import type { PluginModel } from '../../model/plugin-model.js'
import { AGENT_SKILLS_PREFIX } from './build-agent-skills-index.js'
import { renderOriginDocuments } from './render-origin-documents.js'
import {
  buildServedFiles,
  buildSkillRootZip,
  buildSkillZip,
  type ServedFile,
  type SkillZips,
} from './served-files.js'
import { buildTypesDocument } from './types-document.js'

/** Options of {@link documentRoutes}. */
export interface DocumentRoutesOptions {
  dev: boolean
  /** The public origin of a request (see `requestOrigin`): documents hold absolute links. */
  originOf(request: Request): string
}

/** Paths whose last part is a name taken from the request: decoded and checked before lookup. */
const PARAMETERISED = /^\/(?:skills|agents|icons)\//

/**
 * `/types.json`, then the identity documents, skills, agents, icons and `/plugin.zip`, served
 * from one table per origin. Names in the path are decoded once and checked (`..`, encoded
 * separators, dot-names are 404; malformed escapes 400); a lookup matches only files the model
 * holds, so no request can reach the disk. Any other path goes on to the next route.
 */
export function documentRoutes(model: PluginModel, options: DocumentRoutesOptions): Route[] {
  const { encodings: typesEncodings, ...types } = prepareBytes([
    Buffer.from(JSON.stringify(buildTypesDocument(model))),
  ])
  // Each text document's compressed bytes, made on the first request that takes them.
  const encodingsOf = new WeakMap<ServedFile, Encodings | undefined>()
  const answer = (file: ServedFile, request: Request) => {
    if (!encodingsOf.has(file)) encodingsOf.set(file, textEncodings(file))
    return serveEncodedFile(
      request,
      {
        contentType: file.contentType,
        etag: file.etag,
        size: file.bytes.byteLength,
        ...(file.headers ? { headers: file.headers } : {}),
        body: file.bytes,
      },
      encodingsOf.get(file),
    )
  }
  // Built on the first request that needs them, so that start does not wait for zips.
  let skillZips: SkillZips | undefined
  const tableFor = memoizeByOrigin((origin) => {
    skillZips ??= {
      folder: new Map(model.skills.map((skill) => [skill.name, buildSkillZip(skill)])),
      root: new Map(model.skills.map((skill) => [skill.name, buildSkillRootZip(skill)])),
    }
    return buildServedFiles(model, renderOriginDocuments(model, origin), skillZips)
  })
  const serveDocument = (request: Request): Response | Promise<Response> | undefined => {
    const pathname = skillFileAlias(pathnameOf(request.url))
    if (pathname === '/favicon.ico') return redirectResponse('/icons/0')
    const table = tableFor(options.originOf(request))
    let file = table.get(pathname)
    if (!file && PARAMETERISED.test(pathname)) {
      try {
        const path = decodePublicPath(pathname)
        // A slash after a name makes it a folder's, as in the public folder: no file is served.
        if (path.trailingSlash) throw new PorticoError('not_found', `Nothing at ${pathname}`)
        const decoded = `/${path.segments.join('/')}`
        file = table.get(decoded)
        const icon = /^\/icons\/(\d+)$/.exec(decoded)
        const urlIcon = icon ? model.icons[Number(icon[1])] : undefined
        if (urlIcon?.kind === 'url') return redirectResponse(urlIcon.url)
        if (!file) throw new PorticoError('not_found', `Nothing at ${pathname}`)
      } catch (error) {
        if (!isPorticoError(error)) throw error
        return problemResponse(toProblemDocument(error, { dev: options.dev }))
      }
    }
    return file ? answer(file, request) : undefined
  }
  return [
    {
      method: 'GET',
      path: '/types.json',
      handle: (request) =>
        serveEncodedFile(request, { contentType: JSON_CONTENT_TYPE, ...types }, typesEncodings),
    },
    { method: 'GET', path: '*', handle: serveDocument },
  ]
}

/**
 * `/.well-known/agent-skills/<name>/<path>` is the file `/skills/<name>/<path>` (the discovery
 * index names each file there): one table entry, one set of checks.
 */
function skillFileAlias(pathname: string): string {
  if (!pathname.startsWith(AGENT_SKILLS_PREFIX)) return pathname
  const rest = pathname.slice(AGENT_SKILLS_PREFIX.length)
  return rest.includes('/') ? `/skills/${rest}` : pathname
}

/** A text or JSON document's {@link Encodings}; none for binary files (zips, images) or small ones. */
function textEncodings(file: ServedFile): Encodings | undefined {
  const compressible = /^text\/|[/+]json\b|\/xml\b/.test(file.contentType)
  return compressible && file.bytes.byteLength >= COMPRESS_FROM_BYTES
    ? createEncodings([file.bytes], file.etag)
    : undefined
}
