import type { Tool } from '@modelcontextprotocol/server'
import type { JsonSchema } from '../../core/json-schema.js'
import type { ToolDefinition } from '../../model/plugin-model.js'

/** An MCP tool, and whether its results travel wrapped as `{ result }`. */
export interface McpToolProjection {
  tool: Tool
  /**
   * The 2025 revisions need an object at the root of `outputSchema` and `structuredContent`; a
   * tool returning anything else (an array, a string, null) has its result wrapped.
   */
  wrapsOutput: boolean
}

/** Projects a tool of the model onto the MCP `Tool` shape of `tools/list`. */
export function toMcpTool(definition: ToolDefinition): McpToolProjection {
  const wrapsOutput = !isObjectSchema(definition.outputSchema)
  const tool: Tool = {
    name: definition.id,
    ...(definition.annotations.title ? { title: definition.annotations.title } : {}),
    ...(definition.description ? { description: definition.description } : {}),
    inputSchema: definition.inputSchema as Tool['inputSchema'],
    outputSchema: (wrapsOutput
      ? wrapOutputSchema(definition.outputSchema)
      : definition.outputSchema) as Tool['outputSchema'],
    annotations: definition.annotations,
  }
  return { tool, wrapsOutput }
}

function isObjectSchema(schema: JsonSchema): boolean {
  if (schema.type === 'object') return true
  return schema.anyOf !== undefined && schema.anyOf.length > 0 && schema.anyOf.every(isObjectSchema)
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
