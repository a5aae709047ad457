import type { OpenApiSchema } from '../lib/json-schema.js'

/**
 * The parts of an OpenAPI 3.0 document the API page reads. Portico writes `/open-api.json`
 * (see `packages/portico/src/surfaces/rest/open-api-document.ts`); these types are looser, so
 * that the page shows any valid document without trusting fields to be there.
 */
export interface OpenApiDocument {
  openapi: string
  info: {
    title: string
    version: string
    description?: string
    license?: { name: string; url?: string }
  }
  servers?: { url: string; description?: string }[]
  tags?: { name: string; description?: string }[]
  paths: Record<string, OpenApiPathItem>
  components?: {
    schemas?: Record<string, OpenApiSchema>
    requestBodies?: Record<string, OpenApiRequestBody>
    responses?: Record<string, OpenApiResponse>
    securitySchemes?: Record<string, OpenApiSecurityScheme>
  }
  security?: SecurityRequirement[]
}

export const HTTP_METHODS = [
  'get',
  'put',
  'post',
  'delete',
  'options',
  'head',
  'patch',
  'trace',
] as const
export type HttpMethod = (typeof HTTP_METHODS)[number]

export type OpenApiPathItem = Partial<Record<HttpMethod, OpenApiOperation>>

export interface OpenApiOperation {
  operationId?: string
  tags?: string[]
  summary?: string
  description?: string
  deprecated?: boolean
  /** A request body, or a `$ref` to one of `components.requestBodies`. */
  requestBody?: OpenApiRequestBody | { $ref: string }
  /** A response, or a `$ref` to one of `components.responses`. */
  responses: Record<string, OpenApiResponse | { $ref: string }>
  /** Absent: the document's `security` applies; `[]`: anyone may call. */
  security?: SecurityRequirement[]
}

export interface OpenApiRequestBody {
  required?: boolean
  content: Record<string, OpenApiMediaType>
}

export interface OpenApiMediaType {
  schema?: OpenApiSchema
}

export interface OpenApiResponse {
  description: string
  content?: Record<string, OpenApiMediaType>
}

/** Scheme name → scopes. */
export type SecurityRequirement = Record<string, string[]>

export interface OpenApiSecurityScheme {
  type: string
  description?: string
  /** `http` schemes: `bearer`, `basic`… */
  scheme?: string
  bearerFormat?: string
  /** `apiKey` schemes: the header, query or cookie that carries the key. */
  name?: string
  in?: string
}
