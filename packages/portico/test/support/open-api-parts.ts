import type {
  OpenApiDocument,
  OpenApiOperation,
  OpenApiReference,
  OpenApiRequestBody,
} from '../../src/surfaces/rest/open-api-document.js'
import type { OpenApiResponse } from '../../src/surfaces/rest/open-api-problems.js'
import type { OpenApiSchema } from '../../src/surfaces/rest/open-api-schema.js'

/** The `POST` of a path, or an error naming it. */
export function operationOf(document: OpenApiDocument, path: string): OpenApiOperation {
  const operation = document.paths[path]?.post
  if (!operation) throw new Error(`no POST ${path}`)
  return operation
}

/** An operation's request body, its `$ref` to `components.requestBodies` followed. */
export function requestBodyOf(document: OpenApiDocument, path: string): OpenApiRequestBody {
  return followed(operationOf(document, path).requestBody, document.components.requestBodies)
}

/** An operation's response of `status`, its `$ref` to `components.responses` followed. */
export function responseOf(
  document: OpenApiDocument,
  path: string,
  status: string,
): OpenApiResponse | undefined {
  const response = operationOf(document, path).responses[status]
  return response === undefined ? undefined : followed(response, document.components.responses)
}

/** A schema, its `$ref` to `components.schemas` followed (one level: Portico writes no chains). */
export function schemaOf(
  document: OpenApiDocument,
  schema: OpenApiSchema | undefined,
): OpenApiSchema {
  if (schema === undefined) throw new Error('no schema')
  return schema.$ref === undefined
    ? schema
    : followed({ $ref: schema.$ref }, document.components.schemas)
}

function followed<Part extends object>(
  part: Part | OpenApiReference,
  section: Record<string, Part> | undefined,
): Part {
  if (!('$ref' in part)) return part
  const target = section?.[part.$ref.slice(part.$ref.lastIndexOf('/') + 1)]
  if (target === undefined) throw new Error(`nothing at ${part.$ref}`)
  return target
}
