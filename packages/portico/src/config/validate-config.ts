import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js'
import type { JsonSchema } from '../core/json-schema.js'
import { PluginDefinitionError } from '../core/plugin-definition-error.js'
import { configDefaults } from './config-defaults.js'
import { configSchema } from './config-schema.js'
import type { PorticoConfig } from './config-types.js'
import { RESERVED_RESOURCE_SCHEMES } from './resource-scheme.js'

const validate = new Ajv2020({ allErrors: false, strict: true }).compile<PorticoConfig>(
  configSchema,
)

/**
 * Checks a loaded config against the config schema and the rules between keys. Throws a
 * {@link PluginDefinitionError} naming the file, the key and what is allowed.
 */
export function validateConfig(value: unknown, file: string): PorticoConfig {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new PluginDefinitionError(
      { file },
      'the default export must be an object: export default defineConfig({ ... })',
    )
  }
  if (!validate(value)) {
    const error = validate.errors?.[0]
    if (error) throw toDefinitionError(error, file)
  }
  const config = value as PorticoConfig
  if (config.auth === 'portico-hub' && !config.deploy) {
    throw new PluginDefinitionError(
      { file, key: 'deploy' },
      'auth "portico-hub" needs deploy: { org, app } naming where the plugin is deployed',
    )
  }
  const headersTimeoutMs = config.limits?.headersTimeoutMs ?? configDefaults.limits.headersTimeoutMs
  const requestTimeoutMs = config.limits?.requestTimeoutMs ?? configDefaults.limits.requestTimeoutMs
  if (headersTimeoutMs > requestTimeoutMs) {
    // The headers are part of the request: Node refuses a longer wait for them than for it.
    throw new PluginDefinitionError(
      { file, key: 'limits.headersTimeoutMs' },
      `${headersTimeoutMs} ms is longer than limits.requestTimeoutMs (${requestTimeoutMs} ms), the time for the whole request`,
    )
  }
  const scheme = config.resources?.scheme
  if (scheme !== undefined && RESERVED_RESOURCE_SCHEMES.has(scheme)) {
    throw new PluginDefinitionError(
      { file, key: 'resources.scheme' },
      `"${scheme}" is taken; choose another scheme than ${[...RESERVED_RESOURCE_SCHEMES].join(', ')}`,
    )
  }
  return config
}

function toDefinitionError(error: ErrorObject, file: string): PluginDefinitionError {
  const segments = error.instancePath.split('/').slice(1).map(unescapePointer)
  const params = error.params as Record<string, unknown>
  let message: string
  if (error.propertyName !== undefined) {
    return new PluginDefinitionError(
      { file, key: segments.join('.') },
      `has an invalid name "${error.propertyName}" (names must match ${String(params.pattern)})`,
    )
  }
  // A value of the wrong type for a list of choices: the choices say more than the type.
  const choices = error.keyword === 'type' ? schemaAt(error.schemaPath).enum : undefined
  switch (choices === undefined ? error.keyword : 'enum') {
    case 'additionalProperties': {
      segments.push(String(params.additionalProperty))
      const allowed = Object.keys(propertiesAt(error.schemaPath) ?? {})
      message = `unknown key; allowed here: ${allowed.join(', ')}`
      break
    }
    case 'enum':
      message = `must be one of ${((choices ?? params.allowedValues) as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`
      break
    case 'required':
      segments.push(String(params.missingProperty))
      message = 'is required'
      break
    case 'pattern':
      message = `has an invalid format (must match ${String(params.pattern)})`
      break
    default:
      message = error.message ?? 'is invalid'
  }
  const key = segments.length > 0 ? segments.join('.') : '(root)'
  return new PluginDefinitionError({ file, key }, message)
}

function propertiesAt(schemaPath: string): Record<string, unknown> | undefined {
  return schemaAt(schemaPath).properties
}

/** The schema holding the keyword `schemaPath` points at. */
function schemaAt(schemaPath: string): JsonSchema {
  let node: unknown = configSchema
  for (const part of schemaPath.replace(/^#\//, '').split('/').slice(0, -1)) {
    node = (node as Record<string, unknown>)[unescapePointer(part)]
  }
  return node as JsonSchema
}

function unescapePointer(segment: string): string {
  return segment.replaceAll('~1', '/').replaceAll('~0', '~')
}
