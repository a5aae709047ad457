import type { ToolAnnotations } from '../../model/plugin-model.js'
import type { OpenApiMediaType, OpenApiResponse } from './open-api-problems.js'
import type { OpenApiSchema } from './open-api-schema.js'

/** The OpenAPI 3.0.3 document of a plugin's REST API, as served at `/open-api.json`. */
export interface OpenApiDocument {
  openapi: '3.0.3'
  info: {
    title: string
    version: string
    description: string
    /** From the identity's SPDX id; present when set. */
    license?: { name: string; url?: string }
  }
  servers: { url: string }[]
  tags: { name: string; description?: string }[]
  /**
   * Each tool's `POST`; `/api/resources` has a `GET` too. Every path has a `POST`, which the
   * docs site looks operations up by.
   */
  paths: Record<string, OpenApiPathItem>
  components: {
    schemas: Record<string, OpenApiSchema>
    /** The bearer scheme, in an authenticated mode. */
    securitySchemes?: Record<string, OpenApiSecurityScheme>
  }
}

/** The operations of one path. */
export interface OpenApiPathItem {
  post: OpenApiOperation
  get?: OpenApiGetOperation
}

/** A `GET` operation: its input is in the query. */
export interface OpenApiGetOperation extends Omit<OpenApiOperation, 'requestBody'> {
  parameters: OpenApiParameter[]
}

/** A query parameter. */
export interface OpenApiParameter {
  name: string
  in: 'query'
  required: boolean
  description: string
  schema: OpenApiSchema
  example?: unknown
}

/** How a request proves who sends it: a bearer token, the only scheme Portico accepts. */
export interface OpenApiSecurityScheme {
  type: 'http'
  scheme: 'bearer'
  bearerFormat: string
  description: string
}

/** One tool, as the operation `POST /api/<Class>/<method>`. */
export interface OpenApiOperation {
  /** The tool id, `<Class>_<method>`. */
  operationId: string
  tags: string[]
  summary: string
  description?: string
  /** Required only when the input requires a property: an empty body reads as `{}`. */
  requestBody: { required: boolean; content: Record<string, OpenApiMediaType> }
  responses: Record<string, OpenApiResponse>
  /** `[]` in mode `anon` (anyone may call), else the bearer scheme. */
  security: Record<string, string[]>[]
  /** The method's JSDoc has `@deprecated`. */
  deprecated?: true
  /** The tool's MCP annotations, when it has any. */
  'x-portico-annotations'?: ToolAnnotations
}
