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
   * Each tool's `POST`; `/api/resources` has a `GET` too; `/api/tasks/{taskId}` (with a `@task`
   * tool) has `GET` and `DELETE` only. The docs site looks tools up by their `POST`.
   */
  paths: Record<string, OpenApiPathItem>
  components: {
    schemas: Record<string, OpenApiSchema>
    /** The request bodies two or more tools share, under their schema's name. */
    requestBodies?: Record<string, OpenApiRequestBody>
    /**
     * The error responses every tool shares (`ToolProblem400`, …), and the results two or more
     * tools share, under their schema's name; the operations refer to them.
     */
    responses: Record<string, OpenApiResponse>
    /** The bearer scheme, in an authenticated mode. */
    securitySchemes?: Record<string, OpenApiSecurityScheme>
  }
}

/** A tool's request body: its JSON input. */
export interface OpenApiRequestBody {
  /** Required only when the input requires a property: an empty body reads as `{}`. */
  required: boolean
  content: Record<string, OpenApiMediaType>
}

/** A `$ref` to a part of `components`, in place of that part. */
export interface OpenApiReference {
  $ref: string
}

/** The operations of one path: a tool's `POST`; `/api/tasks/{taskId}` has no `POST`. */
export interface OpenApiPathItem {
  post?: OpenApiOperation
  get?: OpenApiGetOperation
  delete?: OpenApiGetOperation
}

/** An operation without a body (`GET`, `DELETE`): its input is in the query or the path. */
export interface OpenApiGetOperation extends Omit<OpenApiOperation, 'requestBody' | 'responses'> {
  parameters: OpenApiParameter[]
  responses: Record<string, OpenApiResponse>
}

/** A query, path or header parameter. */
export interface OpenApiParameter {
  name: string
  in: 'query' | 'path' | 'header'
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
  /** The tool id, `<Class>_<method>` or the method's `@name`. */
  operationId: string
  tags: string[]
  summary: string
  description?: string
  /** In place, or a `$ref` to `components.requestBodies` when tools share it. */
  requestBody: OpenApiRequestBody | OpenApiReference
  /** `Prefer`, on a `@task` tool. */
  parameters?: OpenApiParameter[]
  /**
   * The 200 in place or, when tools share it, by `$ref`; a `@task` tool's 202 in place; the
   * error responses by `$ref`.
   */
  responses: { '200': OpenApiResponse | OpenApiReference; '202'?: OpenApiResponse } & Record<
    string,
    OpenApiResponse | OpenApiReference
  >
  /** `[]` in mode `anon` (anyone may call), else the bearer scheme. */
  security: Record<string, string[]>[]
  /** The method's JSDoc has `@deprecated`. */
  deprecated?: true
  /** The tool's MCP annotations, when it has any. */
  'x-portico-annotations'?: ToolAnnotations
}
