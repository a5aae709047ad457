import type { JsonSchemaTypeName } from '../../core/json-schema.js'

/** OAS 3.0 type names: those of JSON Schema less `null`, which OAS 3.0 spells `nullable`. */
export type OpenApiTypeName = Exclude<JsonSchemaTypeName, 'null'>

/** An OpenAPI 3.0.3 Schema Object, or a Reference Object when only `$ref` is set. */
export interface OpenApiSchema {
  $ref?: string
  type?: OpenApiTypeName
  nullable?: boolean
  title?: string
  description?: string
  format?: string
  enum?: unknown[]
  default?: unknown
  example?: unknown
  deprecated?: boolean
  readOnly?: boolean
  writeOnly?: boolean
  properties?: Record<string, OpenApiSchema>
  required?: string[]
  additionalProperties?: boolean | OpenApiSchema
  minProperties?: number
  maxProperties?: number
  items?: OpenApiSchema
  minItems?: number
  maxItems?: number
  uniqueItems?: boolean
  minimum?: number
  maximum?: number
  exclusiveMinimum?: boolean
  exclusiveMaximum?: boolean
  multipleOf?: number
  minLength?: number
  maxLength?: number
  pattern?: string
  anyOf?: OpenApiSchema[]
  oneOf?: OpenApiSchema[]
  allOf?: OpenApiSchema[]
  not?: OpenApiSchema
  [extension: `x-${string}`]: unknown
}
