import type { PluginModel } from '../../model/plugin-model.js'
import type { OpenApiPathItem } from './open-api-document.js'
import { createResourceProblemResponses } from './open-api-problems.js'
import type { OpenApiSchema } from './open-api-schema.js'

/** The tag of the resource operations: no tool class can be named so (it has a space). */
export const RESOURCES_TAG = {
  name: 'MCP resources',
  description:
    "The plugin's MCP resources over REST: the files of its resources/ folder and what its resource templates answer.",
}

const uriSchema: OpenApiSchema = { type: 'string', minLength: 1, maxLength: 2048 }

/** MCP's `resources/read` contents: text, or bytes in base64. */
const contentsSchema: OpenApiSchema = {
  type: 'object',
  required: ['contents'],
  properties: {
    contents: {
      type: 'array',
      description: 'The one resource read, as MCP `resources/read` answers it.',
      items: {
        type: 'object',
        required: ['uri', 'mimeType'],
        properties: {
          uri: { type: 'string', description: 'The URI, normalised.' },
          mimeType: { type: 'string', description: 'Its media type.' },
          text: { type: 'string', description: 'The text of a text resource.' },
          blob: { type: 'string', format: 'byte', description: 'The bytes of any other, base64.' },
        },
      },
    },
  },
}

/**
 * `/api/resources`: `GET` with `?uri=` answers the resource's bytes with its content type;
 * `POST` with `{ "uri" }` answers MCP's contents as JSON. The example URI is the first file's,
 * else the first template.
 */
export function buildResourcePath(
  model: PluginModel,
  security: Record<string, string[]>[],
): OpenApiPathItem {
  const example = model.resources[0]?.uri ?? model.resourceTemplates[0]?.uriTemplate
  const description =
    "A file of the plugin's resources/ folder, or what the first resource template matching the URI answers: the resources MCP `resources/read` reads."
  return {
    get: {
      operationId: 'readResource',
      tags: [RESOURCES_TAG.name],
      summary: 'Read a resource',
      description: `${description} The answer is the resource's bytes, with its content type.`,
      parameters: [
        {
          name: 'uri',
          in: 'query',
          required: true,
          description: 'The resource URI, as MCP `resources/list` or a template names it.',
          schema: uriSchema,
          ...(example === undefined ? {} : { example }),
        },
      ],
      responses: {
        '200': {
          description: 'The resource, with its content type.',
          content: { '*/*': { schema: { type: 'string', format: 'binary' } } },
        },
        ...createResourceProblemResponses(model.config, false),
      },
      security,
    },
    post: {
      operationId: 'readResourceContents',
      tags: [RESOURCES_TAG.name],
      summary: 'Read a resource as MCP contents',
      description: `${description} The answer is MCP's contents, as JSON.`,
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['uri'],
              properties: { uri: { ...uriSchema, description: 'The resource URI.' } },
            },
            ...(example === undefined ? {} : { example: { uri: example } }),
          },
        },
      },
      responses: {
        '200': {
          description: 'The resource as MCP contents.',
          content: { 'application/json': { schema: contentsSchema } },
        },
        ...createResourceProblemResponses(model.config, true),
      },
      security,
    },
  }
}
