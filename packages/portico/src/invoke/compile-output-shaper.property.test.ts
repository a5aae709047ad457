import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { JsonSchema } from '../core/json-schema.js'
import { compileOutputShaper } from './compile-output-shaper.js'
import { createAjv, createSchemaCompiler } from './compile-validator.js'

// The output shaper projects a tool's result onto its output schema without running Ajv when
// the schema has only the keywords it enforces itself. Whatever it lets through must be what Ajv,
// the reference, accepts for the same schema: here for generated schemas of the kinds Portico
// derives from TypeScript types, and values both near and far from them.

/** The property names schemas and values share, so that values often fit. */
const keys = ['a', 'b', 'c'] as const

const primitiveSchema = fc.constantFrom<JsonSchema>(
  { type: 'string' },
  { type: 'number' },
  { type: 'integer' },
  { type: 'boolean' },
  { type: 'null' },
  { type: 'string', format: 'date-time' },
  // Enums and literals: with their type, as the deriver writes them, and without one (JSON
  // Schema allows it), with values that are objects and arrays too.
  { type: 'string', enum: ['open', 'done'] },
  { type: 'number', enum: [1, 2, 3] },
  { type: 'string', const: 'fixed' },
  { type: 'number', const: 0 },
  { enum: ['open', 'done'] },
  { const: 'fixed' },
  { enum: [null] },
  { const: { a: 'open', b: null } },
  { enum: [[1, 2], { a: 'open' }, 0] },
  { type: ['string', 'null'] },
  { $ref: '#/$defs/Shared' },
)

/** What `$defs.Shared` holds: a named type that schemas reach by `$ref`. */
const sharedSchema: fc.Arbitrary<JsonSchema> = fc.oneof(
  primitiveSchema.filter((schema) => schema.$ref === undefined),
  fc.constant<JsonSchema>({
    type: 'object',
    properties: { a: { type: 'string' }, b: { type: 'string', format: 'date-time' } },
    required: ['a'],
    additionalProperties: false,
  }),
)

const { schema: schemaArb } = fc.letrec<{ schema: JsonSchema }>((tie) => ({
  schema: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    primitiveSchema,
    // An interface: declared properties, some required, nothing else.
    fc.uniqueArray(fc.constantFrom(...keys), { minLength: 1, maxLength: 3 }).chain((names) =>
      fc
        .record({
          properties: fc.tuple(...names.map(() => tie('schema'))),
          required: fc.subarray(names),
        })
        .map(
          ({ properties, required }): JsonSchema => ({
            type: 'object',
            properties: Object.fromEntries(
              names.map((name, index) => [name, properties[index] as JsonSchema]),
            ),
            required,
            additionalProperties: false,
          }),
        ),
    ),
    // A Record<string, T>.
    tie('schema').map((value): JsonSchema => ({ type: 'object', additionalProperties: value })),
    // T[].
    tie('schema').map((items): JsonSchema => ({ type: 'array', items })),
    // A union.
    fc.array(tie('schema'), { minLength: 2, maxLength: 3 }).map((anyOf): JsonSchema => ({ anyOf })),
    // T | null.
    tie('schema').map((schema): JsonSchema => ({ anyOf: [schema, { type: 'null' }] })),
  ),
}))

/** A whole output schema: the generated type and the named one it may refer to. */
const rootSchema = fc
  .tuple(schemaArb, sharedSchema)
  .map(([schema, shared]): JsonSchema => ({ ...schema, $defs: { Shared: shared } }))

/** A value a tool might return: JSON, Dates (valid or not), undefined, extra keys. */
const { value: valueArb } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom('open', 'done', 'fixed', 'x', '', '2026-01-02T03:04:05Z', 'not a date'),
    fc.constantFrom(0, 1, 2, 3, -1, 1.5, 2 ** 53),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    // Mostly years 0000-9999, the ones RFC 3339 can write; any year, and each edge, too.
    fc.date({ min: new Date('0000-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z') }),
    fc.date(),
    fc.constantFrom(
      new Date(Number.NaN),
      new Date('0000-01-01T00:00:00.000Z'),
      new Date(new Date('0000-01-01T00:00:00.000Z').getTime() - 1),
      new Date('9999-12-31T23:59:59.999Z'),
      new Date(new Date('9999-12-31T23:59:59.999Z').getTime() + 1),
    ),
    // The object and array values of the enums and literals above, keys in either order.
    fc.constantFrom<unknown>({ a: 'open', b: null }, { b: null, a: 'open' }, { a: 'open' }, [1, 2]),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...keys, 'x'), tie('value'), { maxKeys: 4 }),
  ),
}))

describe('the output shaper against Ajv', () => {
  it('produces only values that Ajv validates against the same schema', () => {
    const ajv = createAjv({})
    let shapedCount = 0
    fc.assert(
      fc.property(
        rootSchema,
        fc.array(valueArb, { minLength: 1, maxLength: 8 }),
        (schema, values) => {
          const shape = compileOutputShaper(schema, 'Generated_tool', createSchemaCompiler())
          const validate = ajv.compile(schema)
          for (const value of values) {
            let shaped: unknown
            try {
              shaped = shape(value)
            } catch {
              continue // Refused: nothing to compare.
            }
            shapedCount++
            // What goes on the wire is JSON: compare what a client parses. JSON writes -0 as 0,
            // the same number to every client; anything else JSON would drop or rewrite fails.
            const sent = JSON.parse(JSON.stringify(shaped))
            expect(sent, JSON.stringify(shaped)).toEqual(withPositiveZeros(shaped))
            expect(validate(sent), JSON.stringify(validate.errors)).toBe(true)
          }
        },
      ),
      { numRuns: 400 },
    )
    // Not a vacuous pass: many generated values fit their schema.
    expect(shapedCount).toBeGreaterThan(100)
  })

  // Found by the property above: an `enum` or `const` without `type` went unenforced, so any
  // value passed it. The deriver writes a `type` beside them; JSON Schema does not need one.
  it('refuses a value outside a typeless enum or const, as Ajv does', () => {
    for (const schema of [{ const: 'fixed' }, { enum: ['open', 'done'] }] as JsonSchema[]) {
      const shape = compileOutputShaper(schema, 'Generated_tool', createSchemaCompiler())
      expect(() => shape(false)).toThrow('does not match its declared type')
    }
  })

  // Found by the property above: a Date outside the years 0000-9999 became an ISO string with
  // an extended year (`-000001-12-31T...`), which is no RFC 3339 date-time; Ajv refuses it.
  it('refuses a Date whose year RFC 3339 cannot write, as Ajv does', () => {
    const schema: JsonSchema = { type: 'string', format: 'date-time' }
    const shape = compileOutputShaper(schema, 'Generated_tool', createSchemaCompiler())
    expect(() => shape(new Date('-000001-12-31T23:59:59.999Z'))).toThrow('does not match')
  })
})

/** `value` with each -0 in it as 0: what JSON writes for both (seed -52403580 drew a -0). */
function withPositiveZeros(value: unknown): unknown {
  if (Object.is(value, -0)) return 0
  if (Array.isArray(value)) return value.map(withPositiveZeros)
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, withPositiveZeros(item)]),
  )
}
