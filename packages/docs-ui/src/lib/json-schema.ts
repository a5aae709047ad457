import type {
  OpenApiDocument,
  OpenApiOperation,
} from '../../../portico/src/surfaces/rest/open-api-document.js'
import type { OpenApiSchema } from '../../../portico/src/surfaces/rest/open-api-schema.js'
import { isSharedSchemaName } from '../../../portico/src/surfaces/rest/shared-schema-name.js'

export type { OpenApiDocument, OpenApiOperation, OpenApiSchema }

/** Where the server publishes its OpenAPI document. */
export const OPEN_API_PATH = '/open-api.json'

/** Any JSON value: what a try-it form edits and sends. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

/** `components.schemas` of the document: what `$ref`s point at, by name. */
export type Components = Record<string, OpenApiSchema>

/** The operation of a tool: its `operationId` is the tool id. */
export function findOperation(
  document: OpenApiDocument,
  toolId: string,
): OpenApiOperation | undefined {
  for (const item of Object.values(document.paths)) {
    if (item.post?.operationId === toolId) return item.post
  }
  return undefined
}

/**
 * An operation's responses by status, each `$ref` to `#/components/responses/<name>` replaced
 * by what it names (`shared`, the document's `components.responses`); a `$ref` to nothing is
 * left out. Portico writes every tool's error responses once, there.
 */
export function resolveResponses<Response extends { description: string }>(
  responses: Record<string, Response | { $ref: string }>,
  shared: Record<string, Response> | undefined,
): [string, Response][] {
  const prefix = '#/components/responses/'
  return Object.entries(responses).flatMap(([status, response]): [string, Response][] => {
    if (!('$ref' in response)) return [[status, response]]
    const target = response.$ref.startsWith(prefix)
      ? shared?.[response.$ref.slice(prefix.length)]
      : undefined
    return target ? [[status, target]] : []
  })
}

/**
 * An operation's request body, a `$ref` to `#/components/requestBodies/<name>` replaced by what
 * it names (`shared`, the document's `components.requestBodies`); undefined for a `$ref` to
 * nothing. Portico writes a body that several tools share once, there.
 */
export function resolveRequestBody<Body extends { content: object }>(
  body: Body | { $ref: string } | undefined,
  shared: Record<string, Body> | undefined,
): Body | undefined {
  if (body === undefined || !('$ref' in body)) return body
  const prefix = '#/components/requestBodies/'
  return body.$ref.startsWith(prefix) ? shared?.[body.$ref.slice(prefix.length)] : undefined
}

/** What a schema describes, once references, `allOf` and `nullable` are read. */
export type SchemaKind =
  | 'object'
  | 'array'
  | 'string'
  | 'number'
  | 'integer'
  | 'boolean'
  | 'enum'
  | 'union'
  | 'null'
  | 'any'

/**
 * A schema made plain for display and forms: the `$ref` followed, `allOf` merged into one
 * schema, and null taken out of `nullable` and `enum` into a flag of its own.
 */
export interface ResolvedSchema {
  kind: SchemaKind
  /** No `$ref`, no `allOf`, no `nullable`; an `enum` without null. */
  schema: OpenApiSchema
  nullable: boolean
  /** The component the schema came from, when it was a reference: its name for display. */
  refName?: string
  /** The branches of an `anyOf` or `oneOf`, when the kind is `union`. */
  branches: OpenApiSchema[]
}

const REF_PREFIX = '#/components/schemas/'

/** Follows `$ref`s and merges `allOf` (see {@link ResolvedSchema}). */
export function resolveSchema(input: OpenApiSchema, components: Components): ResolvedSchema {
  let schema = input
  let refName: string | undefined
  // A cycle of bare references has no content: the `seen` guard ends it with an empty schema.
  const seen = new Set<string>()
  while (schema.$ref !== undefined) {
    const name = schema.$ref.startsWith(REF_PREFIX) ? schema.$ref.slice(REF_PREFIX.length) : ''
    if (seen.has(name)) return plain({}, false, refName)
    seen.add(name)
    refName = name
    schema = components[name] ?? {}
  }
  let nullable = schema.nullable === true
  if (schema.allOf) {
    // Portico writes a nullable reference as `allOf: [{ $ref }], nullable: true`, and a
    // reference with siblings the same way: the merged schema keeps the reference's name.
    const { allOf, ...merged } = schema
    for (const branch of allOf) {
      const part = resolveSchema(branch, components)
      refName ??= part.refName
      mergeInto(merged, part.schema)
    }
    schema = merged
  }
  const { nullable: _nullable, ...rest } = schema
  if (rest.enum?.includes(null)) {
    nullable = true
    rest.enum = rest.enum.filter((value) => value !== null)
  }
  return plain(rest, nullable, refName)
}

function plain(schema: OpenApiSchema, nullable: boolean, refName?: string): ResolvedSchema {
  const branches = schema.anyOf ?? schema.oneOf ?? []
  return {
    kind: kindOf(schema, nullable),
    schema,
    nullable,
    branches,
    ...(refName === undefined ? {} : { refName }),
  }
}

function kindOf(schema: OpenApiSchema, nullable: boolean): SchemaKind {
  if (schema.anyOf || schema.oneOf) return 'union'
  if (schema.enum) return schema.enum.length > 0 ? 'enum' : nullable ? 'null' : 'any'
  if (schema.type) return schema.type
  if (schema.properties || typeof schema.additionalProperties === 'object') return 'object'
  if (schema.items) return 'array'
  return 'any'
}

/** Merges an `allOf` branch: properties and `required` add up, the parent's other keywords win. */
function mergeInto(target: OpenApiSchema, source: OpenApiSchema): void {
  for (const [key, value] of Object.entries(source) as [keyof OpenApiSchema, unknown][]) {
    if (key === 'properties') {
      target.properties = { ...source.properties, ...target.properties }
    } else if (key === 'required') {
      target.required = [...new Set([...(target.required ?? []), ...(source.required ?? [])])]
    } else if (target[key] === undefined) {
      Object.assign(target, { [key]: value })
    }
  }
}

/** A record (`additionalProperties` with a schema): the schema of its values. */
export function valueSchema(schema: OpenApiSchema): OpenApiSchema | undefined {
  return typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined
}

/**
 * A short, TypeScript-like name of a type: `string`, `Note[]`, `Record<string, number>`,
 * `"a" | "b"`, `TreeNode | null`. Named components keep their name; a shared unnamed schema's
 * (`Object_1f0c9a2e`) is not shown.
 */
export function typeLabel(input: OpenApiSchema, components: Components, depth = 0): string {
  const resolved = resolveSchema(input, components)
  const base = baseLabel(resolved, components, depth)
  return resolved.nullable && resolved.kind !== 'null' ? `${base} | null` : base
}

function baseLabel(resolved: ResolvedSchema, components: Components, depth: number): string {
  const { kind, schema, refName } = resolved
  // A shared schema's name is mostly a hash: its kind says more.
  if (
    refName !== undefined &&
    !isSharedSchemaName(refName) &&
    (kind === 'object' || kind === 'union')
  )
    return refName
  // Deep labels would only be noise: the nested view spells the inner types out.
  if (depth > 2) return kind
  switch (kind) {
    case 'array': {
      const item = schema.items ? typeLabel(schema.items, components, depth + 1) : 'unknown'
      return /[ |]/.test(item) ? `(${item})[]` : `${item}[]`
    }
    case 'object': {
      const values = valueSchema(schema)
      if (values && !schema.properties) {
        return `Record<string, ${typeLabel(values, components, depth + 1)}>`
      }
      return 'object'
    }
    case 'enum':
      return (schema.enum ?? []).length <= 4
        ? (schema.enum ?? []).map((value) => JSON.stringify(value)).join(' | ')
        : (schema.type ?? 'enum')
    case 'union':
      return resolved.branches
        .map((branch) => unionMemberLabel(branch, components, depth))
        .join(' | ')
    case 'any':
      return 'any'
    default:
      return kind
  }
}

/** A tagged branch reads `{ kind: "circle" }`, where its type alone (`object`) would not tell. */
function unionMemberLabel(branch: OpenApiSchema, components: Components, depth: number): string {
  const tag = discriminator(branch, components)
  if (tag && resolveSchema(branch, components).refName === undefined) {
    return `{ ${tag.name}: ${JSON.stringify(tag.value)} }`
  }
  return typeLabel(branch, components, depth + 1)
}

/** The single value a branch fixes (`kind: 'circle'`): names the branch of a tagged union. */
export function discriminator(
  schema: OpenApiSchema,
  components: Components,
): { name: string; value: Json } | undefined {
  const { properties, required = [] } = resolveSchema(schema, components).schema
  for (const [name, property] of Object.entries(properties ?? {})) {
    const values = resolveSchema(property, components).schema.enum
    if (required.includes(name) && values?.length === 1) {
      return { name, value: values[0] as Json }
    }
  }
  return undefined
}

/** A label for one branch of a union: its title, its tag (`kind: "circle"`), or its type. */
export function branchLabel(schema: OpenApiSchema, components: Components): string {
  const resolved = resolveSchema(schema, components)
  if (resolved.schema.title) return resolved.schema.title
  const tag = discriminator(schema, components)
  if (tag) return `${tag.name}: ${JSON.stringify(tag.value)}`
  return typeLabel(schema, components)
}

/** Appends a property name to a JSON Pointer (RFC 6901 escapes `~` and `/`). */
export function childPointer(pointer: string, key: string | number): string {
  return `${pointer}/${String(key).replaceAll('~', '~0').replaceAll('/', '~1')}`
}

/** An element id for the node at `pointer`: `/reminder/at` under `in` is `in.reminder.at`. */
export function pointerId(prefix: string, pointer: string): string {
  const tail = pointer.replace(/[^\w-]/g, (char) =>
    char === '/' ? '.' : `_${char.codePointAt(0)?.toString(16)}`,
  )
  return `${prefix}${tail}`
}
