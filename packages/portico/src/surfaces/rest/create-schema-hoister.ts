import { createHash } from 'node:crypto'
import type { JsonSchema } from '../../core/json-schema.js'
import type { OpenApiSchema } from './open-api-schema.js'
import { formatSharedSchemaName } from './shared-schema-name.js'
import type { ToOpenApiSchemaOptions } from './to-open-api-schema.js'
import { toComponentName, toOpenApiSchema } from './to-open-api-schema.js'

interface HoistedDefinition {
  defName: string
  schema: JsonSchema
  componentName: string
  converted: OpenApiSchema
}

/**
 * Converts one tool schema for OpenAPI 3.0 and moves its `$defs` into `components`, the future
 * `components.schemas` shared by every tool of the document. A definition joins an existing
 * component of the same name when the two convert to the same JSON; otherwise it takes the
 * first free `<name>_2`, `<name>_3`, …, so names depend only on the order of the calls.
 *
 * @example
 * import { hoistOpenApiSchema } from './create-schema-hoister.js'
 * const components = new Map()
 * const body = hoistOpenApiSchema(tool.inputSchema, components)
 */
function hoistOpenApiSchema(
  schema: JsonSchema,
  components: Map<string, OpenApiSchema>,
): OpenApiSchema {
  const definitions = allocateNames(schema.$defs ?? {}, components)
  for (const definition of definitions) {
    components.set(definition.componentName, definition.converted)
  }
  return toOpenApiSchema(schema, namingOptions(definitions))
}

/** What {@link createSchemaHoister} learns of the document before its first schema. */
export interface SchemaHoisterOptions {
  /** The name of the named TypeScript type a schema is, if any. */
  nameOf?: (schema: JsonSchema) => string | undefined
  /**
   * Every schema the document will hoist, once per use: one used twice or more is shared (see
   * {@link createSchemaHoister}).
   */
  uses?: readonly JsonSchema[]
}

/**
 * {@link hoistOpenApiSchema} for the schemas of one document. A schema without `$defs` leaves
 * `components` alone and converts the same whatever they hold, so equal ones (an input type
 * many tools share) convert once and share the result: at 10,000 such tools, the document
 * builds in a third of the time. Such a schema that `nameOf` names (a named TypeScript type)
 * goes into `components` once, under that name (or the first free `<name>_2`, …), and each
 * use is a `$ref` to it: at 10,000 tools sharing an input type, the type is written once,
 * not 10,000 times. An unnamed schema that `uses` holds twice or more goes there too, under a
 * name made of its content ({@link sharedSchemaName}), unless its `$ref` would be longer than
 * the schema; one used once stays in place, where a reader of its operation finds it.
 */
export function createSchemaHoister(
  components: Map<string, OpenApiSchema>,
  { nameOf = () => undefined, uses = [] }: SchemaHoisterOptions = {},
): (schema: JsonSchema) => OpenApiSchema {
  // Each schema object's JSON once: the same objects are counted, then hoisted.
  const keys = new WeakMap<JsonSchema, string>()
  const keyOf = (schema: JsonSchema) => {
    let key = keys.get(schema)
    if (key === undefined) {
      key = JSON.stringify(schema)
      keys.set(schema, key)
    }
    return key
  }
  const useCount = new Map<string, number>()
  for (const schema of uses) {
    const key = keyOf(schema)
    useCount.set(key, (useCount.get(key) ?? 0) + 1)
  }
  const shared = (key: string, converted: OpenApiSchema): OpenApiSchema => {
    if ((useCount.get(key) ?? 0) < 2 || converted.$ref !== undefined) return converted
    const name = sharedSchemaName(converted)
    // Judged without the `_2` a clash of hashes would add (a few bytes, next to never).
    const referenceLength = JSON.stringify({ $ref: `${SCHEMA_REF_PREFIX}${name}` }).length
    if (referenceLength >= JSON.stringify(converted).length) return converted
    return componentRef(converted, name, components)
  }
  const converted = new Map<string, OpenApiSchema>()
  return (schema) => {
    const key = keyOf(schema)
    // Its definitions go into `components` on each call (the same names each time, since they
    // convert the same), so the result is not kept.
    if (schema.$defs !== undefined) return shared(key, hoistOpenApiSchema(schema, components))
    let result = converted.get(key)
    if (result === undefined) {
      result = hoistOpenApiSchema(schema, components)
      const name = nameOf(schema)
      result =
        name === undefined
          ? shared(key, result)
          : componentRef(result, toComponentName(name), components)
      converted.set(key, result)
    }
    return result
  }
}

/**
 * The component name of an unnamed shared schema: its `title`, else its type (`Object`,
 * `Array`, …, `Schema` when it has none), and the first 8 hex digits of the SHA-256 of its
 * JSON, as `Object_1f0c9a2e`. Made of the content alone, it is the same on every build and in
 * any order of the tools, and two schemas meet under one name only when they are equal.
 */
export function sharedSchemaName(schema: OpenApiSchema): string {
  const hash = createHash('sha256').update(JSON.stringify(schema)).digest('hex')
  const kind = typeof schema.title === 'string' ? schema.title : schema.type
  const readable = kind === undefined ? 'Schema' : kind.charAt(0).toUpperCase() + kind.slice(1)
  return formatSharedSchemaName(toComponentName(readable), hash)
}

/**
 * Puts `value` into a section of `components` under `base` (or the first free `<base>_2`, …,
 * a name holding an equal value counting as free); returns the name it took.
 */
export function placeComponent<Value>(
  section: Map<string, Value>,
  base: string,
  value: Value,
): string {
  const json = JSON.stringify(value)
  const name = firstFreeName(base, (candidate) => {
    const existing = section.get(candidate)
    return existing === undefined || JSON.stringify(existing) === json
  })
  section.set(name, value)
  return name
}

/** Puts `schema` into `components` under `base` (or a free `<base>_2`, …); returns its `$ref`. */
function componentRef(
  schema: OpenApiSchema,
  base: string,
  components: Map<string, OpenApiSchema>,
): OpenApiSchema {
  return { $ref: `${SCHEMA_REF_PREFIX}${placeComponent(components, base, schema)}` }
}

/** Where a `$ref` to a component schema points, before the name. */
export const SCHEMA_REF_PREFIX = '#/components/schemas/'

/**
 * Names each definition so that it fits `components`. Renaming one definition changes the refs
 * in the others, which may then clash in turn, so this repeats until no name moves. It ends:
 * a name is only left for one that is free, which stays free, or that holds an equal schema, of
 * which there are finitely many.
 */
function allocateNames(
  defs: Record<string, JsonSchema>,
  components: Map<string, OpenApiSchema>,
): HoistedDefinition[] {
  const taken = new Set<string>()
  const definitions = Object.entries(defs).map(([defName, schema]): HoistedDefinition => {
    const componentName = firstFreeName(toComponentName(defName), (name) => !taken.has(name))
    taken.add(componentName)
    return { defName, schema, componentName, converted: {} }
  })
  const options = namingOptions(definitions)
  for (let renamed = true; renamed; ) {
    renamed = false
    for (const definition of definitions) {
      definition.converted = toOpenApiSchema(definition.schema, options)
    }
    for (const definition of definitions) {
      const json = JSON.stringify(definition.converted)
      const fits = (name: string) => {
        const existing = components.get(name)
        return existing === undefined || JSON.stringify(existing) === json
      }
      if (fits(definition.componentName)) continue
      taken.delete(definition.componentName)
      definition.componentName = firstFreeName(
        toComponentName(definition.defName),
        (name) => !taken.has(name) && fits(name),
      )
      taken.add(definition.componentName)
      renamed = true
    }
  }
  return definitions
}

function firstFreeName(base: string, isFree: (name: string) => boolean): string {
  if (isFree(base)) return base
  for (let suffix = 2; ; suffix++) {
    const name = `${base}_${suffix}`
    if (isFree(name)) return name
  }
}

function namingOptions(definitions: HoistedDefinition[]): ToOpenApiSchemaOptions {
  const byDefName = new Map(definitions.map((d) => [d.defName, d]))
  return { componentName: (defName) => byDefName.get(defName)?.componentName }
}
