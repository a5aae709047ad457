import type { Tool } from '@modelcontextprotocol/server'
import type { JsonSchema } from '../../../core/json-schema.js'
import { resolveLocalRef } from '../../../invoke/resolve-local-ref.js'
import type { ToolDefinition } from '../../../model/plugin-model.js'

/**
 * How a tool's results travel: `object` as `structuredContent`; `wrapped` as `{ result }`,
 * since the 2025 revisions need an object at the root of `outputSchema` and
 * `structuredContent` and the tool returns something else (an array, a string, null);
 * `content` as the content blocks a `ToolContent` tool returned, without `structuredContent`.
 */
export type McpResultForm = 'object' | 'wrapped' | 'content'

/** An MCP tool, and how its results travel. */
export interface McpToolProjection {
  tool: Tool
  resultForm: McpResultForm
}

/** The `_meta` key of `tools/list` under which a tool lists its `@scope` scopes. */
export const SCOPES_META_KEY = 'portico/scopes'

/** Projects a tool of the model onto the MCP `Tool` shape of `tools/list`. */
export function toMcpTool(definition: ToolDefinition): McpToolProjection {
  const output = definition.outputSchema
  const resultForm: McpResultForm =
    definition.resultKind === 'content'
      ? 'content'
      : isObjectSchema(output, output)
        ? 'object'
        : 'wrapped'
  const description = describeTool(definition)
  const tool: Tool = {
    name: definition.id,
    ...(definition.annotations.title ? { title: definition.annotations.title } : {}),
    ...(description ? { description } : {}),
    inputSchema: definition.inputSchema as Tool['inputSchema'],
    ...(resultForm === 'content'
      ? {}
      : {
          outputSchema: (resultForm === 'wrapped'
            ? wrapOutputSchema(output)
            : // MCP wants `type: "object"` at the top, also beside a `$ref` or an `anyOf` of objects.
              { ...output, type: 'object' }) as Tool['outputSchema'],
        }),
    annotations: definition.annotations,
    // Listed to every caller, whatever its token: a list that varied per token could not be
    // rendered once and cached (ETag, the JSON mirrors). A client reads what to ask for here.
    ...(definition.scopes ? { _meta: { [SCOPES_META_KEY]: definition.scopes } } : {}),
  }
  return { tool, resultForm }
}

/**
 * The tool's description, led by its deprecation when the method has `@deprecated`: MCP's `Tool`
 * has no field for it, and the model reading the list should see it before choosing.
 */
function describeTool(definition: ToolDefinition): string | undefined {
  const { deprecated, description } = definition
  if (deprecated === undefined) return description
  const notice = deprecated === '' ? 'Deprecated.' : `Deprecated: ${deprecated}`
  return description ? `${notice}\n\n${description}` : notice
}

/** Whether every value of `schema` is an object, following `$ref` into the root's `$defs`. */
function isObjectSchema(schema: JsonSchema, root: JsonSchema, seen = new Set<string>()): boolean {
  if (schema.type === 'object') return true
  if (schema.$ref !== undefined) {
    // A reference that leads back to itself without reaching an object proves nothing.
    if (seen.has(schema.$ref)) return false
    const target = resolveLocalRef(root, schema.$ref)
    return target !== undefined && isObjectSchema(target, root, seen.add(schema.$ref))
  }
  return (
    schema.anyOf !== undefined &&
    schema.anyOf.length > 0 &&
    schema.anyOf.every((branch) => isObjectSchema(branch, root, seen))
  )
}

function wrapOutputSchema(schema: JsonSchema): JsonSchema {
  const { $schema, $defs, ...rest } = schema
  return {
    ...($schema ? { $schema } : {}),
    type: 'object',
    properties: { result: rest },
    required: ['result'],
    additionalProperties: false,
    ...($defs ? { $defs } : {}),
  }
}
