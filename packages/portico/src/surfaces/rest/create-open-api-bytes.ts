import { randomUUID } from 'node:crypto'
import { type PreparedBytes, prepareBytes } from '../../http/prepared-bytes.js'
import type { PluginModel } from '../../model/plugin-model.js'
import { buildOpenApiDocument } from './build-open-api-document.js'

/**
 * `/open-api.json` of each origin, as the bytes `JSON.stringify(buildOpenApiDocument(model,
 * origin))` gives. The origin is the document's only part that varies (its server URL), so the
 * rest is built, stringified and encoded once, on the first request (start does not wait for
 * it), and each origin costs only its own few bytes and a hash: at 10,000 tools sharing their
 * types the document is 6.4 MB and building it takes about a third of a second.
 */
export function createOpenApiBytes(model: PluginModel): (origin: string) => PreparedBytes {
  let around: { before: Buffer; after: Buffer } | null | undefined
  return (origin) => {
    if (around === undefined) around = renderAroundOrigin(model)
    if (around === null)
      return prepareBytes([Buffer.from(JSON.stringify(buildOpenApiDocument(model, origin)))])
    return prepareBytes([around.before, Buffer.from(JSON.stringify(origin)), around.after])
  }
}

/**
 * The document's JSON before and after its server URL (the string, quotes included), or null
 * when the origin is used anywhere else in it: then each origin's document is built whole.
 */
function renderAroundOrigin(model: PluginModel): { before: Buffer; after: Buffer } | null {
  // Nothing a plugin declares can contain a fresh random id: its matches are the origin's uses.
  const marker = `portico-origin-${randomUUID()}`
  const json = JSON.stringify(buildOpenApiDocument(model, marker))
  const placeholder = JSON.stringify(marker)
  const at = json.indexOf(placeholder)
  const onlyUse = at !== -1 && json.indexOf(marker) === at + 1
  if (!onlyUse || json.indexOf(marker, at + placeholder.length) !== -1) return null
  return {
    before: Buffer.from(json.slice(0, at)),
    after: Buffer.from(json.slice(at + placeholder.length)),
  }
}
