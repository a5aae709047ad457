import type { ResolvedConfig } from '../../config/config-types.js'
import { problemKinds, problemType } from '../../http/problem-response.js'
import type { OpenApiParameter, OpenApiPathItem } from './open-api-document.js'
import type { OpenApiResponse } from './open-api-problems.js'
import type { OpenApiSchema } from './open-api-schema.js'

/** The path of a REST task, as OpenAPI names it. */
export const TASK_PATH = '/api/tasks/{taskId}'

/** The component name of a task's schema: no hoisted `$defs` takes it (they get a suffix). */
export const TASK_SCHEMA_NAME = 'PorticoTask'

/** The tag of the task operations: no tool class can be named so (it has a space). */
export const TASKS_TAG = {
  name: 'Long calls',
  description:
    'A `@task` tool called with `Prefer: respond-async` (RFC 7240) may answer `202 Accepted` with its task at `Location`: read it with GET until it is done, cancel it with DELETE.',
}

/** A task as `GET /api/tasks/{taskId}` answers it (`restTaskJson`). */
export const taskSchema: OpenApiSchema = {
  type: 'object',
  required: ['taskId', 'status', 'createdAt', 'lastUpdatedAt', 'ttlMs', 'pollIntervalMs'],
  properties: {
    taskId: { type: 'string' },
    status: {
      type: 'string',
      enum: ['working', 'completed', 'failed', 'cancelled'],
      description: 'Working until the call ends.',
    },
    statusMessage: { type: 'string', description: "The tool's latest progress, while working." },
    createdAt: { type: 'string', format: 'date-time' },
    lastUpdatedAt: { type: 'string', format: 'date-time' },
    ttlMs: { type: 'integer', description: 'How long the task is kept from its creation.' },
    pollIntervalMs: { type: 'integer', description: 'How often to read it, at most.' },
    result: { description: 'Once completed: the JSON the synchronous call answers.' },
    problem: {
      allOf: [{ $ref: '#/components/schemas/Problem' }],
      description: 'Once failed: the problem document the synchronous call answers.',
    },
  },
}

const taskContent = {
  'application/json': { schema: { $ref: `#/components/schemas/${TASK_SCHEMA_NAME}` } },
}

/** `Prefer: respond-async`, a parameter of each `@task` tool's `POST`. */
export const preferParameter: OpenApiParameter = {
  name: 'Prefer',
  in: 'header',
  required: false,
  description:
    '`respond-async` (RFC 7240): answer `202` with a task instead of waiting for the result. A call that ends within a moment answers `200` all the same, without `Preference-Applied`.',
  schema: { type: 'string' },
  example: 'respond-async',
}

/** The `202` of a `@task` tool's `POST` with `Prefer: respond-async`. */
export const acceptedResponse: OpenApiResponse = {
  description: 'The call runs as a task (`Prefer: respond-async`): read it at `Location`.',
  headers: {
    Location: { description: 'The task: `/api/tasks/<taskId>`.', schema: { type: 'string' } },
    'Preference-Applied': {
      description: '`respond-async`.',
      schema: { type: 'string', enum: ['respond-async'] },
    },
    'Retry-After': {
      description: 'Seconds to wait before reading the task.',
      schema: { type: 'integer' },
    },
  },
  content: taskContent,
}

/** `GET` and `DELETE /api/tasks/{taskId}`: a task of the caller's, else 404. */
export function buildTaskPath(
  config: ResolvedConfig,
  security: Record<string, string[]>[],
): OpenApiPathItem {
  const parameters: OpenApiParameter[] = [
    {
      name: 'taskId',
      in: 'path',
      required: true,
      description: 'The id in the `Location` of the `202`.',
      schema: { type: 'string' },
    },
  ]
  const notFound = problemResponse('not_found', 'No task of yours has this id.')
  const gated: Record<string, OpenApiResponse> =
    config.auth === 'anon'
      ? {}
      : {
          '401': problemResponse('unauthorized', 'A valid bearer token is required.'),
          '503': problemResponse(
            'unavailable',
            "The issuer's keys or the task store cannot be had.",
          ),
        }
  return {
    get: {
      operationId: 'getTask',
      tags: [TASKS_TAG.name],
      summary: 'Read a task',
      description:
        'Its status, its progress (`statusMessage`) and, once done, its `result` or `problem`.',
      parameters,
      responses: {
        '200': { description: 'The task.', content: taskContent },
        ...gated,
        '404': notFound,
      },
      security,
    },
    delete: {
      operationId: 'cancelTask',
      tags: [TASKS_TAG.name],
      summary: 'Cancel a task',
      description:
        "Aborts the tool's `ctx.signal`; the task ends `cancelled`. A finished task stays as it is.",
      parameters,
      responses: {
        '202': {
          description: 'The cancel is on its way: the task as it is now.',
          content: taskContent,
        },
        ...gated,
        '404': notFound,
      },
      security,
    },
  }
}

function problemResponse(kind: keyof typeof problemKinds, detail: string): OpenApiResponse {
  const { status, title } = problemKinds[kind]
  return {
    description: `${title}: ${detail}`,
    content: {
      'application/problem+json': {
        schema: { $ref: '#/components/schemas/Problem' },
        example: { type: problemType(kind), title, status, detail },
      },
    },
  }
}
