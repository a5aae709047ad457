import type { JsonSchema } from '../../core/json-schema.js'
import type { PluginModel, ToolDefinition } from '../../model/plugin-model.js'
import { acceptsEmptyObject } from './accepts-empty-object.js'
import { RESOURCES_PATH } from './create-read-resource-route.js'
import { createSchemaHoister } from './create-schema-hoister.js'
import { createToolBodies, type HoistedSchemas, type ToolBodies } from './create-tool-bodies.js'
import type {
  OpenApiDocument,
  OpenApiOperation,
  OpenApiReference,
  OpenApiRequestBody,
  OpenApiSecurityScheme,
} from './open-api-document.js'
import { createProblemResponses, createProblemSchemas } from './open-api-problems.js'
import { buildResourcePath, RESOURCES_TAG } from './open-api-resources.js'
import {
  acceptedResponse,
  buildTaskPath,
  preferParameter,
  TASK_PATH,
  TASK_SCHEMA_NAME,
  TASKS_TAG,
  taskSchema,
} from './open-api-tasks.js'

/**
 * Builds the OpenAPI 3.0.3 document of the plugin's REST API: one tag per tool class, one
 * `POST /api/<Class>/<method>` per tool with its input and output schemas converted from JSON
 * Schema 2020-12, and the problem+json error responses; with a `@task` tool, its `Prefer:
 * respond-async` and `202`, and `GET`/`DELETE /api/tasks/{taskId}`. Pure and deterministic: the same model
 * and origin give byte-identical JSON. It does the whole conversion on each call, so the caller
 * renders it once per origin and keeps the result.
 *
 * @example
 * import { buildOpenApiDocument } from './build-build-open-api-document.js'
 * const json = JSON.stringify(buildOpenApiDocument(model, 'https://notes.example.com'))
 */
export function buildOpenApiDocument(model: PluginModel, origin: string): OpenApiDocument {
  const components = new Map(Object.entries(createProblemSchemas()))
  const hasTasks = model.tools.some((tool) => tool.task !== undefined)
  if (hasTasks) components.set(TASK_SCHEMA_NAME, taskSchema)
  const hoist = createSchemaHoister(components, {
    nameOf: namedTypeOf(model),
    uses: model.tools.flatMap((tool) => [tool.inputSchema, tool.outputSchema]),
  })
  const hoisted = model.tools.map(
    (tool): HoistedSchemas => ({
      input: hoist(tool.inputSchema),
      output: hoist(tool.outputSchema),
      bodyRequired: !acceptsEmptyObject(tool.inputSchema),
    }),
  )
  // Every tool has the same error responses: written once, under `components.responses`.
  const problemResponses = createProblemResponses(model.config)
  const errorResponses = Object.fromEntries(
    Object.keys(problemResponses).map((status) => [
      status,
      { $ref: `#/components/responses/${TOOL_PROBLEM_PREFIX}${status}` },
    ]),
  )
  const responses = new Map(
    Object.entries(problemResponses).map(([status, response]) => [
      `${TOOL_PROBLEM_PREFIX}${status}`,
      response,
    ]),
  )
  const requestBodies = new Map<string, OpenApiRequestBody>()
  const bodiesOf = createToolBodies(hoisted, requestBodies, responses)
  const authenticated = model.config.auth !== 'anon'
  const security = authenticated ? [{ [BEARER_SCHEME]: [] }] : []
  const paths: OpenApiDocument['paths'] = {}
  for (const [index, tool] of model.tools.entries()) {
    const schemas = hoisted[index] as HoistedSchemas
    paths[`/api/${tool.className}/${tool.methodName}`] = {
      post: toOperation(tool, bodiesOf(schemas), {
        errorResponses,
        // `@scope`: the scopes the token must grant on top of the plugin's.
        security: authenticated && tool.scopes ? [{ [BEARER_SCHEME]: tool.scopes }] : security,
      }),
    }
  }
  // Last: the docs site finds a tool's operation by walking the paths in order.
  const hasResources = model.resources.length + model.resourceTemplates.length > 0
  if (hasResources) paths[RESOURCES_PATH] = buildResourcePath(model, security)
  if (hasTasks) paths[TASK_PATH] = buildTaskPath(model.config, security)
  const { title, version, description, license } = model.identity
  return {
    openapi: '3.0.3',
    info: { title, version, description, ...(license ? { license: toLicense(license) } : {}) },
    servers: [{ url: origin }],
    tags: [
      ...model.toolClasses.map(({ name, description }) =>
        description === undefined ? { name } : { name, description },
      ),
      ...(hasResources ? [RESOURCES_TAG] : []),
      ...(hasTasks ? [TASKS_TAG] : []),
    ],
    paths,
    components: {
      schemas: Object.fromEntries(components),
      ...(requestBodies.size > 0 ? { requestBodies: Object.fromEntries(requestBodies) } : {}),
      responses: Object.fromEntries(responses),
      ...(authenticated ? { securitySchemes: { [BEARER_SCHEME]: bearerScheme } } : {}),
    },
  }
}

const BEARER_SCHEME = 'bearer'

/** `components.responses` names of the tools' error responses: `ToolProblem400`, … */
const TOOL_PROBLEM_PREFIX = 'ToolProblem'

/**
 * The name of the named TypeScript type a tool's input or output schema is, if any (the model's
 * `types`, compared without `$schema` and with keys in any order).
 */
function namedTypeOf(model: PluginModel): (schema: JsonSchema) => string | undefined {
  const byShape = new Map<string, string>()
  for (const type of model.types) {
    const shape = canonicalJson(type.schema)
    if (!byShape.has(shape)) byShape.set(shape, type.name)
  }
  return (schema) => {
    if (byShape.size === 0) return undefined
    const { $schema: _dialect, ...rest } = schema
    return byShape.get(canonicalJson(rest))
  }
}

/** JSON with every object's keys sorted: equal for schemas that differ only in key order. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, each: unknown) =>
    each !== null && typeof each === 'object' && !Array.isArray(each)
      ? Object.fromEntries(
          Object.entries(each as Record<string, unknown>).sort(([a], [b]) =>
            a < b ? -1 : a > b ? 1 : 0,
          ),
        )
      : each,
  )
}

const bearerScheme: OpenApiSecurityScheme = {
  type: 'http',
  scheme: 'bearer',
  bearerFormat: 'JWT',
  description:
    'An OAuth access token in the Authorization header, never in the URL: `Bearer <token>`, or `DPoP <token>` with a `DPoP` proof header (RFC 9449) for a DPoP-bound token.',
}

/** The licence with its SPDX page when it is one plain id (not an expression or a file). */
function toLicense(license: string): { name: string; url?: string } {
  return /^[A-Za-z0-9][A-Za-z0-9.+-]*$/.test(license) && license !== 'UNLICENSED'
    ? { name: license, url: `https://spdx.org/licenses/${license}.html` }
    : { name: license }
}

function toOperation(
  tool: ToolDefinition,
  { requestBody, result }: ToolBodies,
  shared: Pick<OpenApiOperation, 'security'> & {
    errorResponses: Record<string, OpenApiReference>
  },
): OpenApiOperation {
  const summary = tool.summary ?? tool.id
  const operation: OpenApiOperation = {
    operationId: tool.id,
    tags: [tool.className],
    summary,
    // Left out when it only repeats the summary (a one-sentence JSDoc).
    ...(tool.description === undefined || tool.description === summary
      ? {}
      : { description: tool.description }),
    requestBody,
    ...(tool.task === undefined ? {} : { parameters: [preferParameter] }),
    responses: {
      '200': result,
      ...(tool.task === undefined ? {} : { '202': acceptedResponse }),
      ...shared.errorResponses,
    },
    security: shared.security,
  }
  if (tool.deprecated !== undefined) operation.deprecated = true
  const annotations = Object.fromEntries(
    Object.entries(tool.annotations).filter(([, value]) => value !== undefined),
  )
  if (Object.keys(annotations).length > 0) operation['x-portico-annotations'] = annotations
  return operation
}
