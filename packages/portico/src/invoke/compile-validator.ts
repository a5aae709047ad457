import type { Ajv2020, ErrorObject, Options, ValidateFunction } from 'ajv/dist/2020.js'
import type { JsonSchema } from '../core/json-schema.js'
import { logger } from '../core/logger.js'
import type { ErrorDetail } from '../core/portico-error.js'
import { addExactMultipleOf } from './add-exact-multiple-of.js'
import { describeTypes } from './describe-types.js'
import { loadAjv } from './load-ajv.js'
import type { PrecompiledValidators } from './precompiled-validators.js'
import { resolveLocalRef } from './resolve-local-ref.js'

/** Checks a value; returns the failures, or an empty list when it is valid. */
export type CompiledValidator = (value: unknown) => ErrorDetail[]

/** Options of {@link createSchemaCompiler}. */
export interface SchemaCompilerOptions {
  /** Fill in each missing property's `default` while validating (inputs; never outputs). */
  useDefaults?: boolean
  /**
   * Refuse unknown keywords and formats (default). Off for schemas a tool writes at run time,
   * such as an elicitation's form with MCP's `enumNames`.
   */
  strict?: boolean
  /**
   * What `portico build` compiled (strict schemas only): a schema found there is not compiled
   * again, and Ajv is not even loaded while every schema is found.
   */
  precompiled?: PrecompiledValidators | undefined
}

/** At most this many failures are reported, so a hostile input cannot inflate the answer. */
const MAX_REPORTED_ERRORS = 20

/** Ajv's strict-mode warning for a `default` it cannot apply (inside `anyOf`): not a mistake. */
const IGNORED_DEFAULT = 'strict mode: default is ignored'

/** One Ajv per tool runtime and purpose: it caches compiled schemas and formats. */
export function createSchemaCompiler(
  options: SchemaCompilerOptions = {},
): (schema: JsonSchema) => CompiledValidator {
  const precompiled = options.strict === false ? undefined : options.precompiled
  const useDefaults = options.useDefaults ?? false
  // Made on the first schema that needs it: loading and setting up Ajv is much of a cold start.
  let ajv: Ajv2020 | undefined
  return (schema) => {
    const validate = precompiled?.find(schema, useDefaults)
    if (validate) return reportingFailures(validate, schema)
    ajv ??= createAjv(options)
    return reportingFailures(ajv.compile(schema), schema)
  }
}

/**
 * The Ajv that compiles schemas for {@link createSchemaCompiler}, with `extra` options:
 * `portico build` adds `code.source` to write the same validators as standalone code.
 */
export function createAjv(options: SchemaCompilerOptions, extra: Options = {}): Ajv2020 {
  const { Ajv2020, codegen, addFormats } = loadAjv()
  // `strict` makes a schema with an unknown keyword or format fail at load, not at call time.
  // Its schema checks go through the logger so that one of them can be let through: a default
  // inside a union branch, which Ajv does not apply, stays documentation.
  const ajv = new Ajv2020({
    allErrors: true,
    strict: options.strict ?? true,
    strictSchema: options.strict === false ? false : 'log',
    // `required` in an `anyOf` branch names properties declared beside it: valid JSON Schema
    // that a hand-written input schema (`@inputSchema`) uses; derived schemas never trip it.
    strictRequired: false,
    logger: {
      log: (...args: unknown[]) => logger.debug(args.join(' ')),
      warn: failStrictCheck,
      error: failStrictCheck,
    },
    validateFormats: true,
    // `string | number` becomes `type: ["string", "number"]`, which strict mode would refuse.
    allowUnionTypes: true,
    useDefaults: options.useDefaults ?? false,
    // Unions need their branches' schemas and data to report the one that was meant.
    verbose: true,
    ...extra,
  })
  addFormats(ajv)
  addExactMultipleOf(ajv, codegen)
  // SEP-2243's annotation (`@mcpHeader`): nothing to validate, but strict mode must know it.
  ajv.addKeyword({ keyword: 'x-mcp-header', schemaType: 'string' })
  // 2020-12's `$anchor` names a subschema; Ajv 8 resolves `$ref` by pointer and `$id`, not by
  // anchor, so a hand-written schema may carry it as a label only.
  ajv.addKeyword({ keyword: '$anchor', schemaType: 'string' })
  return ajv
}

/** Ajv's verdict as Portico reports it: the meant union branch, at most 20, as details. */
function reportingFailures(validate: ValidateFunction, schema: JsonSchema): CompiledValidator {
  return (value) => {
    if (validate(value)) return []
    return reduceUnions(validate.errors ?? [], schema)
      .slice(0, MAX_REPORTED_ERRORS)
      .map(toErrorDetail)
  }
}

function failStrictCheck(...args: unknown[]): void {
  const message = args.map(String).join(' ')
  if (message.startsWith(IGNORED_DEFAULT)) return
  if (message.startsWith('strict mode:')) throw new Error(message)
  logger.warn(message)
}

/**
 * Replaces the errors of each failed `anyOf` (one per branch, and the `anyOf` itself) by those
 * of the branch the value meant. Branches that each failed on the type alone merge into one type
 * error; otherwise a branch refused for its type alone is left out (`Person | null` given an
 * object reports the object's errors). Among the rest: the branch the discriminator names, or
 * the discriminator's allowed values when it names none; else the branch with the fewest
 * errors, or, when several tie, one error that says what each of them needs. Innermost unions
 * first, so an outer union counts its branches' errors already reduced.
 */
function reduceUnions(errors: ErrorObject[], root: JsonSchema): ErrorObject[] {
  const unions = errors
    .filter((error) => error.keyword === 'anyOf')
    .sort((a, b) => b.schemaPath.length - a.schemaPath.length)
  let list = errors
  for (const union of unions) {
    if (!list.includes(union)) continue
    const prefix = `${union.schemaPath}/`
    const inUnion = (error: ErrorObject) =>
      error === union ||
      (error.schemaPath.startsWith(prefix) && error.instancePath.startsWith(union.instancePath))
    const branches = new Map<number, ErrorObject[]>()
    for (const error of list) {
      if (error === union || !inUnion(error)) continue
      const index = Number.parseInt(error.schemaPath.slice(prefix.length), 10)
      branches.set(index, [...(branches.get(index) ?? []), error])
    }
    const replacement = branchErrors(union, branches, root)
    const first = list.findIndex(inUnion)
    const rest = list.filter((error) => !inUnion(error))
    list = [...rest.slice(0, first), ...replacement, ...rest.slice(first)]
  }
  return list
}

function branchErrors(
  union: ErrorObject,
  branches: ReadonlyMap<number, ErrorObject[]>,
  root: JsonSchema,
): ErrorObject[] {
  const failed = [...branches.values()]
  const typeOnly = failed.every(
    (errors) =>
      errors.length === 1 &&
      errors[0]?.keyword === 'type' &&
      errors[0].instancePath === union.instancePath,
  )
  if (failed.length > 0 && typeOnly) {
    const types = failed.flatMap((errors) => typeNames(errors[0]?.params.type))
    return [{ ...union, keyword: 'type', params: { type: types } }]
  }
  // A branch refused for the value's JSON type alone was not meant: `null` when an object came.
  const meant = [...branches].filter(
    ([, errors]) =>
      !errors.every(
        (error) => error.keyword === 'type' && error.instancePath === union.instancePath,
      ),
  )
  if (meant.length === 1) return meant[0]?.[1] ?? [union]
  const discriminated = discriminate(
    union,
    meant.map(([index]) => index),
    root,
  )
  if (Array.isArray(discriminated)) return discriminated
  if (discriminated !== undefined) return branches.get(discriminated) ?? [union]
  const fewest = Math.min(...meant.map(([, errors]) => errors.length))
  const closest = meant.filter(([, errors]) => errors.length === fewest).map(([, errors]) => errors)
  if (closest.length === 1) return closest[0] ?? [union]
  // No branch is closer than another: name what each would need, rather than pick one.
  const alternatives = closest.map((errors) =>
    errors
      .map(toErrorDetail)
      .map(({ path, message }) => `${path.slice(union.instancePath.length) || '/'} ${message}`)
      .join(' and '),
  )
  return [{ ...union, params: {}, message: `must match one of: ${alternatives.join('; or ')}` }]
}

/**
 * The branch among `indices` whose `const`-valued property (shared by each of them) the value
 * carries; or, when it carries another value or none, the error that lists the allowed ones.
 */
function discriminate(
  union: ErrorObject,
  indices: readonly number[],
  root: JsonSchema,
): number | ErrorObject[] | undefined {
  const data = union.data
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined
  const record = data as Record<string, unknown>
  const schemas = indices.map((index) => {
    const branch = (union.schema as JsonSchema[])[index] ?? {}
    return branch.$ref === undefined ? branch : (resolveLocalRef(root, branch.$ref) ?? branch)
  })
  const first = schemas[0]?.properties ?? {}
  for (const key of Object.keys(first)) {
    const values = schemas.map((branch) => branch.properties?.[key]?.const)
    if (values.some((value) => value === undefined)) continue
    const index = values.indexOf(record[key])
    if (index >= 0) return indices[index]
    const listed = [...new Set(values)].map((value) => JSON.stringify(value)).join(', ')
    const message = Object.hasOwn(record, key)
      ? `must be one of ${listed}`
      : `is required: one of ${listed}`
    return [
      {
        ...union,
        instancePath: `${union.instancePath}/${escapePointer(key)}`,
        params: {},
        message,
      },
    ]
  }
  return undefined
}

function typeNames(type: unknown): string[] {
  if (Array.isArray(type)) return type.map(String)
  return String(type).split(',')
}

function toErrorDetail(error: ErrorObject): ErrorDetail {
  const params = error.params as Record<string, unknown>
  let path = error.instancePath
  let message = error.message ?? 'is invalid'
  switch (error.keyword) {
    case 'required':
      path += `/${escapePointer(String(params.missingProperty))}`
      message = 'is required'
      break
    case 'additionalProperties':
      path += `/${escapePointer(String(params.additionalProperty))}`
      message = 'is not an allowed property'
      break
    case 'type':
      message = `must be ${describeTypes(typeNames(params.type))}`
      break
    case 'enum':
      message = `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`
      break
    case 'const':
      message = `must be ${JSON.stringify(params.allowedValue)}`
      break
  }
  return { path: path === '' ? '/' : path, message }
}

/** A property name as a JSON Pointer segment. */
export function escapePointer(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1')
}
