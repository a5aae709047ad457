import { defName } from '../../core/def-ref.js'
import type { JsonSchema } from '../../core/json-schema.js'
import type { OpenApiSchema, OpenApiTypeName } from './open-api-schema.js'

/** Options of {@link toOpenApiSchema}. */
export interface ToOpenApiSchemaOptions {
  /**
   * Component name of the `$defs` entry `defName`: `$ref: '#/$defs/<defName>'` becomes
   * `#/components/schemas/<name>`, and `undefined` drops the reference. Default:
   * {@link toComponentName}.
   */
  componentName?: (defName: string) => string | undefined
}

/**
 * JSON Schema 2020-12 keywords that OpenAPI 3.0 lacks and cannot express, so
 * {@link toOpenApiSchema} drops them (as it drops any keyword it does not know, so that the
 * result always validates). `prefixItems` is not here: a tuple is widened to an array of the
 * union of its item types, which OAS 3.0 can say. `$defs` is not here either: the caller
 * hoists it into `components.schemas`.
 */
export const droppedKeywords = [
  '$schema',
  '$id',
  '$anchor',
  '$dynamicRef',
  '$dynamicAnchor',
  '$vocabulary',
  '$comment',
  'propertyNames',
  'patternProperties',
  'unevaluatedProperties',
  'dependentRequired',
  'dependentSchemas',
  'dependencies',
  'contains',
  'minContains',
  'maxContains',
  'unevaluatedItems',
  'if',
  'then',
  'else',
  'contentEncoding',
  'contentMediaType',
  'contentSchema',
] as const

/** Keywords whose value OAS 3.0 takes as is. */
const copiedKeywords = new Set([
  'title',
  'description',
  'format',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
  'minProperties',
  'maxProperties',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minimum',
  'maximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
])

/** What a schema may hold and still be a plain `null` branch of an `anyOf`. */
const nullSchemaKeywords = new Set(['type', 'const', 'title', 'description', '$comment'])

/**
 * Converts a JSON Schema 2020-12, as Portico generates it for tool inputs and outputs, into an
 * OpenAPI 3.0.3 Schema Object. `const` becomes a one-value `enum`, a `null` type becomes
 * `nullable`, a type array becomes an `anyOf`, `examples[0]` becomes `example`, numeric
 * exclusive bounds become boolean ones, and `$ref: '#/$defs/X'` points into
 * `#/components/schemas`. The `$defs` themselves are left out: convert each with the same
 * options and put it under its component name. Pure: the input is neither changed nor shared.
 *
 * @example
 * import { toOpenApiSchema } from './to-open-api-schema.js'
 * toOpenApiSchema({ type: ['string', 'null'], examples: ['a'] })
 * // { type: 'string', example: 'a', nullable: true }
 */
export function toOpenApiSchema(
  schema: JsonSchema,
  options: ToOpenApiSchemaOptions = {},
): OpenApiSchema {
  return convert(schema, options.componentName ?? toComponentName)
}

/** Turns a `$defs` name (`Page<Note>`) into a valid component name (`Page_Note_`). */
export function toComponentName(defName: string): string {
  return defName.replace(/[^a-zA-Z0-9._-]/g, '_') || '_'
}

type ComponentNamer = (defName: string) => string | undefined

function convert(schema: JsonSchema | boolean, namer: ComponentNamer): OpenApiSchema {
  if (schema === true) return {}
  if (schema === false) return { not: {} }
  // Built keyword by keyword, in the input's order; its shape is OpenApiSchema by construction.
  const out: Record<string, unknown> = {}
  let nullable = false
  let nullOnly = false
  let typeUnion: OpenApiSchema[] | undefined
  let prefixItems: OpenApiSchema[] | undefined
  let itemsClosed = false
  let ref: string | undefined
  const lifted: OpenApiSchema[] = []
  for (const [key, value] of Object.entries(schema)) {
    if (value === undefined) continue
    if (copiedKeywords.has(key) || key.startsWith('x-')) {
      out[key] = structuredClone(value)
      continue
    }
    switch (key) {
      case 'type': {
        const names: unknown[] = Array.isArray(value) ? value : [value]
        const types = names.filter(isOpenApiTypeName)
        nullable ||= names.includes('null')
        nullOnly = types.length === 0 && nullable
        if (types.length === 1) out.type = types[0]
        if (types.length > 1) typeUnion = types.map((type) => ({ type }))
        break
      }
      case 'const':
        out.enum = [structuredClone(value)]
        break
      case 'enum':
        if (Array.isArray(value) && !('const' in schema)) out.enum = structuredClone(value)
        break
      case 'examples':
        if (Array.isArray(value) && value.length > 0) out.example = structuredClone(value[0])
        break
      case 'required':
        // OAS 3.0's schema requires at least one name.
        if (Array.isArray(value) && value.length > 0) out.required = [...value]
        break
      case 'properties':
        out.properties = Object.fromEntries(
          Object.entries(value as Record<string, JsonSchema>).map(([name, property]) => [
            name,
            convert(property, namer),
          ]),
        )
        break
      case 'additionalProperties':
        out.additionalProperties =
          typeof value === 'boolean' ? value : convert(value as JsonSchema, namer)
        break
      case 'items':
        out.items = convert(value as JsonSchema | boolean, namer)
        itemsClosed = value === false
        break
      case 'prefixItems':
        prefixItems = (value as JsonSchema[]).map((item) => convert(item, namer))
        break
      case 'not':
        out.not = convert(value as JsonSchema | boolean, namer)
        break
      case 'allOf':
        out.allOf = (value as JsonSchema[]).map((branch) => convert(branch, namer))
        break
      case 'anyOf':
      case 'oneOf': {
        const branches = value as JsonSchema[]
        const rest = branches.filter((branch) => !isNullSchema(branch))
        if (rest.length < branches.length) nullable = true
        if (rest.length === 0) nullOnly = true
        else if (rest.length === 1) lifted.push(convert(rest[0] as JsonSchema, namer))
        else out[key] = rest.map((branch) => convert(branch, namer))
        break
      }
      case '$ref':
        ref = typeof value === 'string' ? toComponentRef(value, namer) : undefined
        break
      case 'exclusiveMinimum':
      case 'exclusiveMaximum':
        break
      default:
      // `$defs` (hoisted by the caller), droppedKeywords, and anything unknown.
    }
  }
  applyExclusiveBounds(out, schema)
  if (typeUnion) {
    if (out.anyOf) out.allOf = [...((out.allOf as OpenApiSchema[]) ?? []), { anyOf: typeUnion }]
    else out.anyOf = typeUnion
  }
  for (const branch of lifted) liftBranch(out, branch)
  if (prefixItems) {
    const tail = out.items && !itemsClosed ? [out.items as OpenApiSchema] : []
    const union = [...prefixItems, ...tail]
    out.items = union.length === 1 ? union[0] : union.length > 1 ? { anyOf: union } : { not: {} }
  }
  // OAS 3.0.3: "items MUST be present if the type is array".
  if (out.type === 'array' && !out.items) out.items = {}
  applyNull(out, nullable, nullOnly)
  if (ref === undefined) return out as OpenApiSchema
  // OAS 3.0 ignores the siblings of a `$ref`, so a reference with siblings moves into `allOf`.
  if (Object.keys(out).length === 0) return { $ref: ref }
  out.allOf = [{ $ref: ref }, ...((out.allOf as OpenApiSchema[]) ?? [])]
  return out as OpenApiSchema
}

function isOpenApiTypeName(value: unknown): value is OpenApiTypeName {
  return typeof value === 'string' && value !== 'null'
}

/** `{ type: 'null' }` or `{ const: null }`, with nothing else that constrains. */
function isNullSchema(schema: JsonSchema): boolean {
  const onlyNull =
    schema.type === 'null' ||
    (Array.isArray(schema.type) && schema.type.length === 1 && schema.type[0] === 'null') ||
    ('const' in schema && schema.const === null && schema.type === undefined)
  return onlyNull && Object.keys(schema).every((key) => nullSchemaKeywords.has(key))
}

function toComponentRef(ref: string, namer: ComponentNamer): string | undefined {
  // Only `#/$defs/<name>` is produced by Portico; any other pointer has no place to go in
  // OAS 3.0, so it is dropped and the value is left unconstrained.
  const def = defName(ref)
  const name = def === undefined ? undefined : namer(def)
  return name === undefined ? undefined : `#/components/schemas/${name}`
}

/** 2020-12 bounds are numbers of their own; OAS 3.0 flags `minimum`/`maximum` instead. */
function applyExclusiveBounds(out: Record<string, unknown>, schema: JsonSchema): void {
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = schema
  if (
    typeof exclusiveMinimum === 'number' &&
    (minimum === undefined || exclusiveMinimum >= minimum)
  ) {
    out.minimum = exclusiveMinimum
    out.exclusiveMinimum = true
  }
  if (
    typeof exclusiveMaximum === 'number' &&
    (maximum === undefined || exclusiveMaximum <= maximum)
  ) {
    out.maximum = exclusiveMaximum
    out.exclusiveMaximum = true
  }
}

/** Keywords that only describe: on a clash, the parent's (a property's own doc) wins. */
const parentWins = new Set(['title', 'description'])

/**
 * Folds the one non-null branch of `anyOf: [X, { type: 'null' }]` into its parent, so that
 * `nullable` sits beside X's `type`. A reference goes into `allOf` (its siblings would be
 * ignored); a branch that clashes with the parent's own keywords, other than its title and
 * description, stays an `anyOf`.
 */
function liftBranch(out: Record<string, unknown>, branch: OpenApiSchema): void {
  if (branch.$ref !== undefined) {
    out.allOf = [...((out.allOf as OpenApiSchema[]) ?? []), branch]
  } else if (Object.keys(branch).some((key) => Object.hasOwn(out, key) && !parentWins.has(key))) {
    out.anyOf = [...((out.anyOf as OpenApiSchema[]) ?? []), branch]
  } else {
    for (const [key, value] of Object.entries(branch)) {
      if (!Object.hasOwn(out, key)) out[key] = value
    }
  }
}

function applyNull(out: Record<string, unknown>, nullable: boolean, nullOnly: boolean): void {
  if (nullOnly && out.type === undefined) {
    // OAS 3.0 has no `null` type. Without `type`, 3.0.3 leaves the type open, so `enum: [null]`
    // alone admits exactly null (the document says 3.0.3). `nullable` would need a `type` beside
    // it (Redocly's nullable-type-sibling: a `void` tool's result failed lint), and naming any
    // `type` here would mislead code generators.
    out.enum = [null]
    return
  }
  const values = out.enum as unknown[] | undefined
  if (values?.length === 0) {
    // OAS 3.0 requires a non-empty `enum`; no value at all is also what `not: {}` admits.
    delete out.enum
    out.not = {}
  }
  // OAS 3.0.3: with `nullable`, an `enum` still has to list null for null to be valid.
  if (nullable && values && values.length > 0 && !values.includes(null)) values.push(null)
  // an enum without `type` that lists null admits it already; `nullable` wants a `type` beside it
  if (out.type === undefined && values?.includes(null)) return
  if (nullable || values?.includes(null)) out.nullable = true
}
