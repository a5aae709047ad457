import type { JsonSchema } from '../../core/json-schema.js'

const base64: JsonSchema = {
  type: 'string',
  contentEncoding: 'base64',
  description: 'The bytes, base64-encoded (RFC 4648 §4).',
}
const mimeType: JsonSchema = { type: 'string', description: 'The media type (`image/png`).' }
const uri: JsonSchema = { type: 'string', format: 'uri' }

function block(type: string, properties: Record<string, JsonSchema>, required: string[]) {
  return {
    type: 'object',
    properties: { type: { type: 'string', const: type }, ...properties },
    required: ['type', ...required],
  } satisfies JsonSchema
}

/**
 * The output schema of a tool that returns `ToolContent`: what REST answers, one object whose
 * `content` lists MCP content blocks (`text`, `image`, `audio`, `resource`, `resource_link`).
 */
export const TOOL_CONTENT_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'A rich result: content blocks, as MCP sends them.',
  properties: {
    content: {
      type: 'array',
      items: {
        anyOf: [
          block('text', { text: { type: 'string' } }, ['text']),
          block('image', { data: base64, mimeType }, ['data', 'mimeType']),
          block('audio', { data: base64, mimeType }, ['data', 'mimeType']),
          block(
            'resource',
            {
              resource: {
                type: 'object',
                properties: { uri, mimeType, text: { type: 'string' }, blob: base64 },
                required: ['uri'],
              },
            },
            ['resource'],
          ),
          block(
            'resource_link',
            { uri, name: { type: 'string' }, mimeType, description: { type: 'string' } },
            ['uri', 'name'],
          ),
        ],
      },
    },
  },
  required: ['content'],
}
