import type { JsonSchema } from '../core/json-schema.js'
import { argumentNamePattern, promptNamePattern } from './prompt-patterns.js'
import { resourceSchemePattern } from './resource-scheme.js'

const nonEmptyString: JsonSchema = { type: 'string', minLength: 1 }
const toolClassName: JsonSchema = { type: 'string', pattern: '^[A-Za-z_$][A-Za-z0-9_$]*$' }
const httpUrl: JsonSchema = { type: 'string', pattern: '^https?://[^\\s]+$' }
const slug: JsonSchema = { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,62}$' }

const promptArgument: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    name: { type: 'string', pattern: argumentNamePattern.source },
    description: { type: 'string' },
    required: { type: 'boolean' },
    values: { type: 'array', items: { type: 'string' }, uniqueItems: true },
  },
}

const prompt: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'template'],
  properties: {
    name: { type: 'string', pattern: promptNamePattern.source },
    title: nonEmptyString,
    description: { type: 'string' },
    arguments: { type: 'array', items: promptArgument },
    template: nonEmptyString,
  },
}

/** JSON Schema of `portico.config.ts`; unknown keys are rejected so that typos surface. */
export const configSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    name: { type: 'string', pattern: '^[a-z0-9@][a-z0-9._/-]{0,213}$' },
    version: nonEmptyString,
    title: nonEmptyString,
    description: { type: 'string' },
    author: { type: 'string' },
    license: { type: 'string' },
    homepage: httpUrl,
    keywords: { type: 'array', items: nonEmptyString },
    auth: { enum: ['anon', 'portico-hub', 'custom'] },
    deploy: {
      type: 'object',
      additionalProperties: false,
      required: ['org', 'app'],
      properties: { org: slug, app: slug, audience: { enum: ['shared', 'plugin'] } },
    },
    mcp: {
      type: 'object',
      additionalProperties: false,
      properties: {
        servers: {
          type: 'object',
          propertyNames: { pattern: '^[a-z0-9][a-z0-9_-]{0,62}$' },
          additionalProperties: {
            type: 'object',
            additionalProperties: false,
            required: ['classes'],
            properties: {
              classes: { type: 'array', minItems: 1, items: toolClassName },
              title: nonEmptyString,
              description: { type: 'string' },
            },
          },
        },
        external: {
          type: 'object',
          propertyNames: { pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]{0,62}$' },
          additionalProperties: {
            type: 'object',
            additionalProperties: false,
            required: ['url'],
            properties: { url: httpUrl, title: nonEmptyString },
          },
        },
        instructions: { type: 'string' },
        sessions: { enum: ['stateless', 'stateful'] },
      },
    },
    prompts: { type: 'array', items: prompt },
    resources: {
      type: 'object',
      additionalProperties: false,
      properties: { scheme: { type: 'string', pattern: resourceSchemePattern.source } },
    },
    style: {
      type: 'object',
      additionalProperties: false,
      properties: {
        color: { type: 'string', pattern: '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$' },
        icons: { type: 'array', items: nonEmptyString },
      },
    },
    limits: {
      type: 'object',
      additionalProperties: false,
      properties: {
        bodyBytes: { type: 'integer', minimum: 1, maximum: 1024 * 1024 * 1024 },
        toolTimeoutMs: { type: 'integer', minimum: 1, maximum: 24 * 60 * 60 * 1000 },
        mcpSessions: { type: 'integer', minimum: 1, maximum: 1_000_000 },
        mcpSessionIdleMs: { type: 'integer', minimum: 100, maximum: 24 * 60 * 60 * 1000 },
        mcpStreams: { type: 'integer', minimum: 1, maximum: 1_000_000 },
        headersTimeoutMs: { type: 'integer', minimum: 100, maximum: 10 * 60 * 1000 },
        requestTimeoutMs: { type: 'integer', minimum: 100, maximum: 60 * 60 * 1000 },
        shutdownMs: { type: 'integer', minimum: 0, maximum: 10 * 60 * 1000 },
      },
    },
    server: {
      type: 'object',
      additionalProperties: false,
      properties: {
        publicUrl: httpUrl,
        trustProxy: { type: 'boolean' },
        allowedHosts: {
          type: 'array',
          items: {
            type: 'string',
            pattern: '^(?:\\[[0-9a-fA-F:]+\\]|[A-Za-z0-9.-]+)(?::[0-9]{1,5})?$',
          },
        },
        allowBrowserOrigins: {
          anyOf: [
            { const: '*' },
            {
              type: 'array',
              items: {
                type: 'string',
                pattern:
                  '^(?:\\*|https?://(?:\\[[0-9a-fA-F:]+\\]|[A-Za-z0-9.-]+)(?::[0-9]{1,5})?)$',
              },
            },
          ],
        },
      },
    },
  },
}
