import type { JsonSchema, JsonSchemaTypeName } from '../core/json-schema.js'
import { PorticoError } from '../core/portico-error.js'
import { type CompiledValidator, escapePointer } from './compile-validator.js'
import { describeTypes } from './describe-types.js'
import { findCycle } from './find-cycle.js'
import { type DateTimeCheck, loadDateTimeCheck } from './load-ajv.js'
import { resolveLocalRef } from './resolve-local-ref.js'

/**
 * Turns a tool's result into the JSON its output schema declares: a new plain value holding
 * only the declared properties, with each `Date` as its ISO string and `undefined` as `null` (at
 * the root) or absent (a property). Throws an `execution` {@link PorticoError} naming the path
 * of the first value that cannot match.
 */
export type OutputShaper = (result: unknown) => unknown

/** Why a value cannot match, and where: JSON Pointer segments, outermost first. */
class Mismatch {
  readonly path: string[] = []
  readonly message: string
  /** The JSON types the value was not, when that is the whole reason. */
  readonly expected: readonly string[] | undefined
  constructor(message: string, expected?: readonly string[]) {
    this.message = message
    this.expected = expected
  }
}

/** While trying a union's branches, each counts the properties it drops, to pick the closest. */
interface Shaping {
  counting: boolean
  dropped: number
}

/** A compiled projection: the shaped value, or the {@link Mismatch} that stopped it. */
type Projection = (value: unknown, shaping: Shaping) => unknown

/** Returned by a projection of one JSON type when the value is not of that type at all. */
const WRONG_KIND = Symbol('wrong kind')

/** Keywords the projection enforces; any other one (a bound, a pattern) needs the full check. */
const PROJECTED_KEYWORDS = new Set([
  '$schema',
  '$ref',
  '$defs',
  '$comment',
  'type',
  'title',
  'description',
  'const',
  'enum',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'anyOf',
  'default',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
])

let isDateTime: DateTimeCheck | undefined

/**
 * Compiles the shaper of one tool's output schema. `compileCheck` compiles the full schema
 * check, used only when the schema has keywords the projection does not enforce.
 */
export function compileOutputShaper(
  schema: JsonSchema,
  toolId: string,
  compileCheck: (schema: JsonSchema) => CompiledValidator,
): OutputShaper {
  const project = compileProjection(schema)
  const check = needsFullCheck(schema) ? compileCheck(schema) : undefined
  const fail = (path: string, message: string): never => {
    throw new PorticoError(
      'execution',
      `The output of ${toolId} does not match its declared type: ${path}: ${message}`,
      { expose: false },
    )
  }
  return (result) => {
    let shaped: unknown
    try {
      shaped = project(result === undefined ? null : result, { counting: false, dropped: 0 })
    } catch (error) {
      // The stack ran out: a value that contains itself where the declared type recurses, or one
      // nested deeper than the stack.
      if (!(error instanceof RangeError)) throw error
      const cycle = findCycle(result)
      return cycle === undefined
        ? fail('/', 'cannot be written as JSON (it is nested too deeply)')
        : fail(cycle, 'cannot be written as JSON (it contains itself: a circular structure)')
    }
    if (shaped instanceof Mismatch) {
      return fail(shaped.path.length === 0 ? '/' : `/${shaped.path.join('/')}`, shaped.message)
    }
    const failure = check?.(shaped)[0]
    if (failure) fail(failure.path, failure.message)
    return shaped
  }
}

function compileProjection(root: JsonSchema): Projection {
  const refs = new Map<string, Projection>()
  const compileRef = (ref: string): Projection => {
    const known = refs.get(ref)
    if (known) return known
    const target = resolveLocalRef(root, ref)
    if (!target) throw new Error(`the output schema's reference ${ref} does not resolve`)
    // Compiled on first use, so a recursive type refers to itself.
    let compiled: Projection | undefined
    const projection: Projection = (value, shaping) => {
      compiled ??= compile(target)
      return compiled(value, shaping)
    }
    refs.set(ref, projection)
    return projection
  }
  // `const` and `enum` hold wherever they are: beside a type, a union or a reference, or alone.
  const compile = (schema: JsonSchema): Projection =>
    withAllowedValues(schema, compileShape(schema))
  const compileShape = (schema: JsonSchema): Projection => {
    if (schema.$ref !== undefined) return compileRef(schema.$ref)
    if (schema.anyOf !== undefined) return unionProjection(schema.anyOf.map(compile))
    if (schema.type === undefined) return passThrough
    const types = Array.isArray(schema.type) ? schema.type : [schema.type]
    return typesProjection(types, schema, compile)
  }
  return compile(root)
}

/** Tries each declared JSON type in turn; the value's own type decides which one applies. */
function typesProjection(
  types: readonly JsonSchemaTypeName[],
  schema: JsonSchema,
  compile: (schema: JsonSchema) => Projection,
): Projection {
  const projections = types.map((type) => typeProjection(type, schema, compile))
  const mismatch = `must be ${describeTypes(types)}`
  return (input, shaping) => {
    const value = toJsonValue(input)
    for (const projection of projections) {
      const projected = projection(value, shaping)
      if (projected !== WRONG_KIND) return projected
    }
    return new Mismatch(mismatch, types)
  }
}

function typeProjection(
  type: JsonSchemaTypeName,
  schema: JsonSchema,
  compile: (schema: JsonSchema) => Projection,
): Projection {
  switch (type) {
    case 'string':
      return schema.format === 'date-time' ? dateTimeProjection : stringProjection
    case 'number':
      return (value) =>
        typeof value !== 'number'
          ? WRONG_KIND
          : Number.isFinite(value)
            ? value
            : new Mismatch('must be a finite number')
    case 'integer':
      return (value) =>
        typeof value !== 'number'
          ? WRONG_KIND
          : Number.isInteger(value)
            ? value
            : new Mismatch('must be an integer')
    case 'boolean':
      return (value) => (typeof value === 'boolean' ? value : WRONG_KIND)
    case 'null':
      return (value) => (value === null ? null : WRONG_KIND)
    case 'array':
      return arrayProjection(schema.items ? compile(schema.items) : passThrough)
    case 'object':
      return objectProjection(schema, compile)
  }
}

const stringProjection: Projection = (value) => (typeof value === 'string' ? value : WRONG_KIND)

function dateTimeProjection(value: unknown): unknown {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return new Mismatch('is an invalid Date')
    // Outside these years toISOString writes an extended year (`+010000-…`), not RFC 3339.
    const year = value.getUTCFullYear()
    if (year < 0 || year > 9999) {
      return new Mismatch(`is a Date whose year, ${year}, is outside 0000-9999`)
    }
    return value.toISOString()
  }
  if (typeof value !== 'string') return WRONG_KIND
  isDateTime ??= loadDateTimeCheck()
  return isDateTime(value) ? value : new Mismatch('must be a date-time string')
}

function arrayProjection(project: Projection): Projection {
  return (value, shaping) => {
    if (!Array.isArray(value)) return WRONG_KIND
    const shaped: unknown[] = new Array(value.length)
    for (let index = 0; index < value.length; index++) {
      // JSON writes a hole or an undefined item as null
      const projected = project(value[index] ?? null, shaping)
      if (projected instanceof Mismatch) return at(projected, String(index))
      shaped[index] = projected
    }
    return shaped
  }
}

interface DeclaredProperty {
  key: string
  segment: string
  required: boolean
  project: Projection
}

function objectProjection(
  schema: JsonSchema,
  compile: (schema: JsonSchema) => Projection,
): Projection {
  const required = new Set(schema.required)
  const declared: DeclaredProperty[] = Object.entries(schema.properties ?? {}).map(
    ([key, property]) => ({
      key,
      segment: escapePointer(key),
      required: required.has(key),
      project: compile(property),
    }),
  )
  const names = new Set(declared.map((property) => property.key))
  const { additionalProperties } = schema
  // Undeclared properties are dropped when the schema closes the object, kept otherwise.
  const extra =
    additionalProperties === false
      ? undefined
      : typeof additionalProperties === 'object'
        ? compile(additionalProperties)
        : passThrough
  return (value, shaping) => {
    if (
      typeof value !== 'object' ||
      value === null ||
      Array.isArray(value) ||
      value instanceof Date
    )
      return WRONG_KIND
    const source = value as Record<string, unknown>
    const shaped: Record<string, unknown> = {}
    for (const property of declared) {
      const child = Object.hasOwn(source, property.key) ? source[property.key] : undefined
      if (child === undefined) {
        if (property.required) return at(new Mismatch('is required'), property.segment)
        continue
      }
      const projected = property.project(child, shaping)
      if (projected instanceof Mismatch) return at(projected, property.segment)
      assign(shaped, property.key, projected)
    }
    if (extra === undefined && !shaping.counting) return shaped
    for (const key of Object.keys(source)) {
      if (names.has(key)) continue
      if (extra === undefined) {
        shaping.dropped++
        continue
      }
      const child = source[key]
      if (child === undefined) continue
      const projected = extra(child, shaping)
      if (projected instanceof Mismatch) return at(projected, escapePointer(key))
      assign(shaped, key, projected)
    }
    return shaped
  }
}

/**
 * The branch that matches and drops the fewest properties (a union of `{ a }` and `{ a; b }`
 * keeps `b`). When none matches: the failure that got deepest, or every branch's type at once.
 */
function unionProjection(branches: readonly Projection[]): Projection {
  return (value, shaping) => {
    const { counting, dropped } = shaping
    shaping.counting = true
    let best: unknown = WRONG_KIND
    let bestDropped = Number.POSITIVE_INFINITY
    const failures: Mismatch[] = []
    for (const branch of branches) {
      shaping.dropped = 0
      const projected = branch(value, shaping)
      if (projected instanceof Mismatch) {
        failures.push(projected)
      } else if (shaping.dropped < bestDropped) {
        best = projected
        bestDropped = shaping.dropped
        if (bestDropped === 0) break
      }
    }
    shaping.counting = counting
    shaping.dropped = dropped + (best === WRONG_KIND ? 0 : bestDropped)
    return best === WRONG_KIND ? closestFailure(failures) : best
  }
}

function closestFailure(failures: readonly Mismatch[]): Mismatch {
  const types = failures.flatMap((failure) => failure.expected ?? [])
  if (failures.length > 0 && failures.every((f) => f.expected && f.path.length === 0)) {
    return new Mismatch(`must be ${describeTypes(types)}`, types)
  }
  return failures.reduce((closest, failure) =>
    failure.path.length > closest.path.length ? failure : closest,
  )
}

/** `const` and `enum`: the shaped value must equal one of theirs, as JSON values. */
function withAllowedValues(schema: JsonSchema, project: Projection): Projection {
  const allowed = schema.enum ?? ('const' in schema ? [schema.const] : undefined)
  if (!allowed) return project
  const message =
    allowed.length === 1
      ? `must be ${JSON.stringify(allowed[0])}`
      : `must be one of ${allowed.map((value) => JSON.stringify(value)).join(', ')}`
  return (value, shaping) => {
    const projected = project(value, shaping)
    if (projected instanceof Mismatch || allowed.some((item) => jsonEqual(item, projected))) {
      return projected
    }
    return new Mismatch(message)
  }
}

/** Whether two JSON values are equal: objects by their keys in any order, as Ajv compares. */
function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, index) => jsonEqual(item, b[index]))
    )
  }
  const left = a as Record<string, unknown>
  const right = b as Record<string, unknown>
  const keys = Object.keys(left)
  return (
    keys.length === Object.keys(right).length &&
    keys.every((key) => Object.hasOwn(right, key) && jsonEqual(left[key], right[key]))
  )
}

/** A value whose schema declares no type (`unknown`): kept as JSON would write it. */
const passThrough: Projection = (value) => {
  try {
    const json = JSON.stringify(value)
    return json === undefined ? null : (JSON.parse(json) as unknown)
  } catch (error) {
    return new Mismatch(
      `cannot be written as JSON (${error instanceof Error ? error.message : String(error)})`,
    )
  }
}

/** An object with its own `toJSON` (not a Date, which the schema decides on) as JSON sees it. */
function toJsonValue(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || value instanceof Date) return value
  const { toJSON } = value as { toJSON?: unknown }
  return typeof toJSON === 'function' ? (toJSON.call(value) as unknown) : value
}

function at(mismatch: Mismatch, segment: string): Mismatch {
  mismatch.path.unshift(segment)
  return mismatch
}

/** Sets a property, even one named `__proto__`, as an own data property. */
function assign(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    })
  } else {
    target[key] = value
  }
}

/** Whether a schema uses a keyword the projection does not enforce, anywhere inside it. */
function needsFullCheck(schema: JsonSchema): boolean {
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === 'format' ? value !== 'date-time' : !PROJECTED_KEYWORDS.has(keyword)) return true
  }
  const children = [
    ...Object.values(schema.$defs ?? {}),
    ...Object.values(schema.properties ?? {}),
    ...(schema.anyOf ?? []),
    ...(schema.items ? [schema.items] : []),
    ...(typeof schema.additionalProperties === 'object' ? [schema.additionalProperties] : []),
  ]
  return children.some(needsFullCheck)
}
