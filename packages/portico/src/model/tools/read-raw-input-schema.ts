import { readFileSync, realpathSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import ts from 'typescript'
import type { JsonSchema } from '../../core/json-schema.js'
import { PluginDefinitionError } from '../../core/plugin-definition-error.js'
import { isInsideFolder } from '../assets/resolve-inside-plugin.js'
import type { ToolMethodSource } from './find-tool-classes.js'
import { locateNode } from './source-location.js'

/** The JSDoc tag that names a method's input schema file. */
const INPUT_SCHEMA_TAG = 'inputSchema'
/** A schema file's size limit: it is data of the model, served in every list. */
const MAX_SCHEMA_BYTES = 256 * 1024

/**
 * The input schema a method names with `@inputSchema <file.json>` (relative to its source
 * file, inside the plugin), verbatim: for what TypeScript types cannot say (`if`/`then`/`else`,
 * `$anchor`, `dependentRequired`). It must be a JSON object with `type: "object"`, as MCP wants.
 * `undefined` when the method names none. Throws a {@link PluginDefinitionError} at the tag.
 */
export function readRawInputSchema(
  rootDir: string,
  id: string,
  declaration: ToolMethodSource['declaration'],
): JsonSchema | undefined {
  const tag = ts.getJSDocTags(declaration).find((item) => item.tagName.text === INPUT_SCHEMA_TAG)
  if (tag === undefined) return undefined
  const fail = (problem: string): never => {
    throw new PluginDefinitionError(locateNode(rootDir, tag), `${id}: @inputSchema ${problem}`)
  }
  const named = ts.getTextOfJSDocComment(tag.comment)?.trim() ?? ''
  if (named === '') fail('needs the path of a JSON Schema file, relative to this file')
  const file = resolve(dirname(declaration.getSourceFile().fileName), named)
  let text = ''
  try {
    const real = realpathSync(file)
    if (!isInsideFolder(realpathSync(rootDir), real))
      fail(`"${named}" is outside the plugin folder`)
    text = readFileSync(real, 'utf8')
  } catch (error) {
    if (error instanceof PluginDefinitionError) throw error
    fail(`"${named}" cannot be read: ${error instanceof Error ? error.message : String(error)}`)
  }
  if (Buffer.byteLength(text) > MAX_SCHEMA_BYTES)
    fail(`"${named}" is over ${MAX_SCHEMA_BYTES} bytes`)
  let schema: unknown
  try {
    schema = JSON.parse(text)
  } catch (error) {
    fail(`"${named}" is not JSON: ${error instanceof Error ? error.message : String(error)}`)
  }
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    fail(`"${named}" is not a JSON Schema object`)
  }
  if ((schema as JsonSchema).type !== 'object') fail(`"${named}" must have "type": "object"`)
  return schema as JsonSchema
}
