import type { JsonSchema } from '../../../portico/src/core/json-schema.js'
import {
  toComponentName,
  toOpenApiSchema,
} from '../../../portico/src/surfaces/rest/to-open-api-schema.js'
import type { Components, OpenApiSchema } from '../lib/json-schema.js'

/** A schema in the shape the try-it form reads, with the components its references name. */
export interface FormSchema {
  schema: OpenApiSchema
  components: Components
}

/**
 * An MCP schema (a tool's `inputSchema`, an elicitation's `requestedSchema`: JSON Schema
 * 2020-12) in the OpenAPI 3.0 shape the try-it form is generated from, converted as the server
 * converts it for `/open-api.json`: its `$defs` become the components its `$ref`s point to.
 */
export function formSchema(jsonSchema: object): FormSchema {
  // The SDK types these schemas loosely (an object with `type: 'object'`); Portico's converter
  // takes any JSON Schema and drops what OpenAPI 3.0 cannot say.
  const { $defs = {}, ...root } = jsonSchema as JsonSchema
  return {
    schema: toOpenApiSchema(root),
    components: Object.fromEntries(
      Object.entries($defs).map(([name, def]) => [toComponentName(name), toOpenApiSchema(def)]),
    ),
  }
}
