import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import type { JsonSchema } from '../core/json-schema.js'
import type { ErrorDetail } from '../core/portico-error.js'

/** Checks a value; returns the failures, or an empty list when it is valid. */
export type CompiledValidator = (value: unknown) => ErrorDetail[]

/** At most this many failures are reported, so a hostile input cannot inflate the answer. */
const MAX_REPORTED_ERRORS = 20

/** One Ajv per tool runtime: it caches compiled schemas and formats. */
export function createSchemaCompiler(): (schema: JsonSchema) => CompiledValidator {
  // `strict` makes a schema with an unknown keyword or format fail at load, not at call time.
  const ajv = new Ajv2020({ allErrors: true, strict: true, validateFormats: true })
  addFormats.default(ajv)
  return (schema) => {
    const validate = ajv.compile(schema)
    return (value) => {
      if (validate(value)) return []
      return (validate.errors ?? []).slice(0, MAX_REPORTED_ERRORS).map(toErrorDetail)
    }
  }
}

function toErrorDetail(error: ErrorObject): ErrorDetail {
  const params = error.params as Record<string, unknown>
  let path = error.instancePath
  let message = error.message ?? 'is invalid'
  switch (error.keyword) {
    case 'required':
      path += `/${escapePointer(String(params.missingProperty))}`
      message = 'is required'
      break
    case 'additionalProperties':
      path += `/${escapePointer(String(params.additionalProperty))}`
      message = 'is not an allowed property'
      break
    case 'enum':
      message = `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`
      break
    case 'const':
      message = `must be ${JSON.stringify(params.allowedValue)}`
      break
  }
  return { path: path === '' ? '/' : path, message }
}

function escapePointer(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1')
}
