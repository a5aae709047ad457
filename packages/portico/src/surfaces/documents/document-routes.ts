import { isPorticoError, PorticoError } from '../../core/portico-error.js'
import { corsResponseHeaders, withCorsApplied } from '../../http/cors.js'
import { decodePublicPath } from '../../http/decode-public-path.js'
import { memoizeByOrigin } from '../../http/memoize-by-origin.js'
import { pathnameOf } from '../../http/pathname-of.js'
import { problemResponse, toProblemDocument } from '../../http/problem-response.js'
import type { PluginModel } from '../../model/plugin-model.js'
import {
  buildServedFiles,
  buildSkillZip,
  type OriginDocuments,
  type ServedFile,
} from './served-files.js'

/** Options of {@link createPackagingSurface}. */
export interface PackagingSurfaceOptions {
  dev: boolean
  /** Renders the origin-dependent documents; called once per origin. */
  renderDocuments: (origin: string) => OriginDocuments
}

/** Paths whose last part is a name taken from the request: decoded and checked before lookup. */
const PARAMETERISED = /^\/(?:skills|agents|icons)\//

/**
 * The identity documents, skills, agents, icons and `/plugin.zip`, served from one table per
 * origin. Names in the path are decoded once and checked (`..`, encoded separators, dot-names
 * are 404; malformed escapes 400); a lookup matches only files the model holds, so no request
 * can reach the disk. Answers `undefined` for any other path.
 */
export function createPackagingSurface(
  model: PluginModel,
  options: PackagingSurfaceOptions,
): (request: Request, origin: string) => Response | undefined {
  // Built on the first request that needs them, so that start does not wait for zips.
  let skillZips: Map<string, Uint8Array> | undefined
  const tableFor = memoizeByOrigin((origin) => {
    skillZips ??= new Map(model.skills.map((skill) => [skill.name, buildSkillZip(skill)]))
    return buildServedFiles(model, options.renderDocuments(origin), skillZips)
  })
  return (request, origin) => {
    const pathname = pathnameOf(request.url)
    if (pathname === '/favicon.ico') return redirect('/icons/0')
    const table = tableFor(origin)
    let file = table.get(pathname)
    if (!file && PARAMETERISED.test(pathname)) {
      try {
        const decoded = `/${decodePublicPath(pathname).segments.join('/')}`
        file = table.get(decoded)
        const icon = /^\/icons\/(\d+)$/.exec(decoded)
        const urlIcon = icon ? model.icons[Number(icon[1])] : undefined
        if (urlIcon?.kind === 'url') return redirect(urlIcon.url)
        if (!file) throw new PorticoError('not_found', `Nothing at ${pathname}`)
      } catch (error) {
        if (!isPorticoError(error)) throw error
        return problemResponse(toProblemDocument(error, { dev: options.dev }))
      }
    }
    return file ? answer(file, request) : undefined
  }
}

function answer(file: ServedFile, request: Request): Response {
  const headers = {
    'content-type': file.contentType,
    etag: file.etag,
    ...file.headers,
    ...corsResponseHeaders,
  }
  const ifNoneMatch = request.headers.get('if-none-match')
  if (ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === file.etag)) {
    return withCorsApplied(new Response(null, { status: 304, headers }))
  }
  return withCorsApplied(
    new Response(file.bytes as Uint8Array<ArrayBuffer>, { status: 200, headers }),
  )
}

function redirect(location: string): Response {
  return withCorsApplied(
    new Response(null, { status: 302, headers: { location, ...corsResponseHeaders } }),
  )
}
