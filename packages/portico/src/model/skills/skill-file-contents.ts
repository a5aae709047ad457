import type { SkillDefinition } from '../plugin-model.js'

/** A skill file as one item of a resource read's `contents`: text when it is UTF-8, else bytes. */
export type SkillFileContents =
  | { uri: string; mimeType: string; text: string }
  | { uri: string; mimeType: string; blob: string }

/**
 * The media types the MCP SDK's skills extension gives skill files, by extension (its
 * `core-internal/src/ext/skills/mime.ts`); anything else is `application/octet-stream`.
 * `test/rest/rest-listed-resources.test.ts` holds this copy to the SDK's answers.
 */
const mimeTypeByExtension: Readonly<Record<string, string>> = {
  md: 'text/markdown',
  markdown: 'text/markdown',
  txt: 'text/plain',
  json: 'application/json',
  yaml: 'application/yaml',
  yml: 'application/yaml',
  py: 'text/x-python',
  sh: 'application/x-sh',
  bash: 'application/x-sh',
  js: 'text/javascript',
  mjs: 'text/javascript',
  ts: 'text/typescript',
  html: 'text/html',
  css: 'text/css',
  csv: 'text/csv',
  xml: 'application/xml',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
}

/**
 * Every file of every skill by its `skill://<skill>/<path>` URI (in its WHATWG-serialised form,
 * see {@link canonicalUri}), as MCP's skills extension reads it: the same media type, and text
 * when the bytes are valid UTF-8, base64 otherwise. Built once per model.
 *
 * @example
 * skillFileContents(model.skills).get(canonicalUri('skill://notes/SKILL.md'))
 */
export function skillFileContents(
  skills: readonly SkillDefinition[],
): ReadonlyMap<string, SkillFileContents> {
  const contents = new Map<string, SkillFileContents>()
  const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })
  for (const skill of skills) {
    for (const file of skill.files) {
      const segments = [skill.name, ...file.path.split('/')].map(encodeURIComponent)
      const uri = canonicalUri(`skill://${segments.join('/')}`)
      if (uri === undefined) continue
      const mimeType = mimeTypeOf(file.path)
      const bytes = Buffer.from(file.base64, 'base64')
      let text: string | undefined
      try {
        text = utf8.decode(bytes)
      } catch {
        text = undefined
      }
      contents.set(
        uri,
        text === undefined ? { uri, mimeType, blob: file.base64 } : { uri, mimeType, text },
      )
    }
  }
  return contents
}

/** `uri` as the URL standard serialises it (how the SDK names what it reads), or undefined. */
export function canonicalUri(uri: string): string | undefined {
  try {
    return new URL(uri).href
  } catch {
    return undefined
  }
}

function mimeTypeOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1)
  const dot = name.lastIndexOf('.')
  if (dot <= 0) return 'application/octet-stream'
  const extension = name.slice(dot + 1).toLowerCase()
  return Object.hasOwn(mimeTypeByExtension, extension)
    ? (mimeTypeByExtension[extension] as string)
    : 'application/octet-stream'
}
