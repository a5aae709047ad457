import type { JsonSchema } from '../../core/json-schema.js'
import {
  type DefinitionLocation,
  PluginDefinitionError,
} from '../../core/plugin-definition-error.js'
import { MCP_HEADER_KEYWORD } from './jsdoc-keywords.js'

const HEADER_TYPES: ReadonlySet<unknown> = new Set(['string', 'number', 'integer', 'boolean'])
/** RFC 9110's token: what a header name may hold. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/

/**
 * Where `@mcpHeader` may stand (SEP-2243): on a top-level property of the input whose type is a
 * string, number, integer or boolean, with a header-name token, each name once (ignoring case).
 * Anything else is a definition error at the tool's source, before a client could see it.
 */
export function checkMcpHeaders(
  toolId: string,
  input: JsonSchema,
  output: JsonSchema,
  where: DefinitionLocation,
): void {
  const fail = (problem: string): never => {
    throw new PluginDefinitionError(where, `${toolId}: @mcpHeader ${problem}`)
  }
  const names = new Set<string>()
  for (const [property, schema] of Object.entries(input.properties ?? {})) {
    const header = (schema as JsonSchema)[MCP_HEADER_KEYWORD]
    if (header === undefined) continue
    if (typeof header !== 'string' || !TOKEN.test(header)) {
      fail(`"${String(header)}" of "${property}" is not a header name (letters, digits, -)`)
    }
    if (!HEADER_TYPES.has((schema as JsonSchema).type)) {
      fail(`on "${property}" needs a string, number, integer or boolean property`)
    }
    const lower = String(header).toLowerCase()
    if (names.has(lower)) fail(`"${String(header)}" is used twice`)
    names.add(lower)
  }
  const nested = (schema: unknown, topLevel: boolean): boolean => {
    if (typeof schema !== 'object' || schema === null) return false
    return Object.entries(schema).some(([key, value]) => {
      if (key === MCP_HEADER_KEYWORD && !topLevel) return true
      return nested(value, false)
    })
  }
  const nestedInInput = Object.entries(input).some(([key, value]) =>
    key === 'properties'
      ? Object.values(value as Record<string, unknown>).some((property) =>
          Object.entries(property as Record<string, unknown>).some(
            ([keyword, inner]) => keyword !== MCP_HEADER_KEYWORD && nested(inner, false),
          ),
        )
      : nested(value, false),
  )
  if (nestedInInput || nested(output, false)) {
    fail('stands only on a top-level property of the input, not inside one or in the output')
  }
}
