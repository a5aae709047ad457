import { placeComponent, SCHEMA_REF_PREFIX } from './create-schema-hoister.js'
import type { OpenApiReference, OpenApiRequestBody } from './open-api-document.js'
import type { OpenApiResponse } from './open-api-problems.js'
import type { OpenApiSchema } from './open-api-schema.js'

/** A tool's input and output, converted for the document. */
export interface HoistedSchemas {
  input: OpenApiSchema
  output: OpenApiSchema
  /** Whether the body is required: not when `{}` is valid input (an empty body reads as `{}`). */
  bodyRequired: boolean
}

/** A tool operation's request body and result, each in place or a `$ref` to `components`. */
export interface ToolBodies {
  requestBody: OpenApiRequestBody | OpenApiReference
  result: OpenApiResponse | OpenApiReference
}

/** The description of every tool's `200`. */
const RESULT_DESCRIPTION = 'The tool result.'

/**
 * The request body and `200` of each tool, from its converted schemas (`tools`, in the order of
 * the calls). A body whose schema is a component that two or more tools take (a result: that
 * two or more return) goes once into `requestBodies` (`responses`), under the schema's name or
 * the first free `<name>_2`, …, and each operation refers to it: at 10,000 tools sharing their
 * types, about 130 bytes an operation. Any other body is written in place.
 */
export function createToolBodies(
  tools: readonly HoistedSchemas[],
  requestBodies: Map<string, OpenApiRequestBody>,
  responses: Map<string, OpenApiResponse>,
): (tool: HoistedSchemas) => ToolBodies {
  const inputs = countComponents(tools.map((tool) => tool.input))
  const outputs = countComponents(tools.map((tool) => tool.output))
  return (tool) => {
    const requestBody: OpenApiRequestBody = {
      required: tool.bodyRequired,
      content: { 'application/json': { schema: tool.input } },
    }
    const result: OpenApiResponse = {
      description: RESULT_DESCRIPTION,
      content: { 'application/json': { schema: tool.output } },
    }
    return {
      requestBody: shared(tool.input, inputs, requestBodies, requestBody, 'requestBodies'),
      result: shared(tool.output, outputs, responses, result, 'responses'),
    }
  }
}

/** How many of `schemas` refer to each component schema, by name. */
function countComponents(schemas: readonly OpenApiSchema[]): Map<string, number> {
  const counts = new Map<string, number>()
  for (const schema of schemas) {
    const name = componentName(schema)
    if (name !== undefined) counts.set(name, (counts.get(name) ?? 0) + 1)
  }
  return counts
}

function componentName(schema: OpenApiSchema): string | undefined {
  return schema.$ref?.startsWith(SCHEMA_REF_PREFIX)
    ? schema.$ref.slice(SCHEMA_REF_PREFIX.length)
    : undefined
}

/** `body` in `section` under its schema's name, as a `$ref`, when shared; else `body`. */
function shared<Body>(
  schema: OpenApiSchema,
  counts: Map<string, number>,
  section: Map<string, Body>,
  body: Body,
  sectionName: 'requestBodies' | 'responses',
): Body | OpenApiReference {
  const name = componentName(schema)
  if (name === undefined || (counts.get(name) ?? 0) < 2) return body
  return { $ref: `#/components/${sectionName}/${placeComponent(section, name, body)}` }
}
