import type { ResolvedConfig } from '../../config/config-types.js'
import type { PorticoErrorKind } from '../../core/portico-error.js'
import type { ProblemDocument } from '../../http/problem-response.js'
import { problemKinds, problemType } from '../../http/problem-response.js'
import type { OpenApiSchema } from './open-api-schema.js'

/** A response of an OpenAPI 3.0 operation. */
export interface OpenApiResponse {
  description: string
  headers?: Record<string, { description: string; schema: OpenApiSchema }>
  content?: Record<string, OpenApiMediaType>
}

/** A media type of a request or response body. */
export interface OpenApiMediaType {
  schema: OpenApiSchema
  example?: unknown
}

/** Component names of the two problem schemas; hoisted `$defs` of the same names get a suffix. */
const problemSchemaNames = { problem: 'Problem', validation: 'ValidationProblem' } as const

/**
 * The `Problem` and `ValidationProblem` schemas of `components.schemas`: the RFC 9457 body of
 * every error response, as `toProblemDocument` writes it.
 */
export function createProblemSchemas(): Record<string, OpenApiSchema> {
  const kinds = Object.keys(problemKinds) as PorticoErrorKind[]
  return {
    [problemSchemaNames.problem]: {
      type: 'object',
      description: 'An RFC 9457 problem document.',
      required: ['type', 'title', 'status', 'detail'],
      properties: {
        type: {
          type: 'string',
          description: 'Stable URN of the kind of error.',
          enum: kinds.map(problemType),
        },
        title: { type: 'string', description: 'Short summary of the kind of error.' },
        status: { type: 'integer', description: 'The HTTP status code.' },
        detail: { type: 'string', description: 'What went wrong in this request.' },
        stack: { type: 'string', description: 'Dev mode only: stack of an unexpected error.' },
      },
    },
    [problemSchemaNames.validation]: {
      allOf: [
        { $ref: `#/components/schemas/${problemSchemaNames.problem}` },
        {
          type: 'object',
          required: ['errors'],
          properties: {
            errors: {
              type: 'array',
              description: 'Each place in the input that failed validation.',
              items: {
                type: 'object',
                required: ['path', 'message'],
                properties: {
                  path: { type: 'string', description: 'JSON Pointer into the input.' },
                  message: { type: 'string' },
                },
              },
            },
          },
        },
      ],
    },
  }
}

/**
 * The error responses of every tool operation, keyed by status: 400, (401, 403 and 503 in an
 * authenticated mode), 413, 415, 422, 500 and 504, each an `application/problem+json` body with
 * an example. The limits come from `config`.
 */
export function createProblemResponses(config: ResolvedConfig): Record<string, OpenApiResponse> {
  const { bodyBytes, toolTimeoutMs } = config.limits
  return toProblemResponses([
    ['bad_request', 'The body is not valid JSON.'],
    ...gatedProblems(config),
    ['payload_too_large', `The body is larger than ${bodyBytes} bytes.`],
    ['unsupported_media_type', 'The body is not application/json.'],
    ['validation', 'The input does not match the schema.'],
    ['execution', 'The tool failed. The server log has the details.'],
    ['timeout', `The tool ran longer than ${toolTimeoutMs} ms.`],
  ])
}

/**
 * The error responses of reading a resource (`/api/resources`): 400 for a missing or invalid
 * URI, the gate's in an authenticated mode, 404 for a URI no resource answers to, and a
 * template's 422, 500 and 504; with `withBody`, the body's 413 and 415 too.
 */
export function createResourceProblemResponses(
  config: ResolvedConfig,
  withBody: boolean,
): Record<string, OpenApiResponse> {
  const { bodyBytes, toolTimeoutMs } = config.limits
  return toProblemResponses([
    ['bad_request', 'The uri is missing, is not a URI or is longer than 2048 characters.'],
    ...gatedProblems(config),
    ['not_found', 'No resource at this URI.'],
    ...(withBody
      ? ([
          ['payload_too_large', `The body is larger than ${bodyBytes} bytes.`],
          ['unsupported_media_type', 'The body is not application/json.'],
        ] as [PorticoErrorKind, string][])
      : []),
    ['validation', "The URI's variables do not match the template's types."],
    ['execution', 'The template failed. The server log has the details.'],
    ['timeout', `The template ran longer than ${toolTimeoutMs} ms.`],
  ])
}

/** The refusals of the gate, in an authenticated mode. */
function gatedProblems(config: ResolvedConfig): [PorticoErrorKind, string][] {
  if (config.auth === 'anon') return []
  return [
    ['unauthorized', 'A valid bearer token is required.'],
    ['forbidden', 'The token lacks a scope this call needs.'],
    ['unavailable', "The issuer's keys cannot be had: send the token again after Retry-After."],
  ]
}

/** Each kind as its status's response: a problem document, with an example. */
function toProblemResponses(
  entries: [PorticoErrorKind, string][],
): Record<string, OpenApiResponse> {
  return Object.fromEntries(
    entries.map(([kind, detail]) => {
      const { status, title } = problemKinds[kind]
      const example: ProblemDocument = { type: problemType(kind), title, status, detail }
      if (kind === 'validation') example.errors = [{ path: '/title', message: 'must be string' }]
      const name =
        kind === 'validation' ? problemSchemaNames.validation : problemSchemaNames.problem
      const response: OpenApiResponse = {
        description: `${title}: ${detail}`,
        content: {
          'application/problem+json': {
            schema: { $ref: `#/components/schemas/${name}` },
            example,
          },
        },
      }
      return [String(status), response]
    }),
  )
}
