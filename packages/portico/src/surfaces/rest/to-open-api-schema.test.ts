import { Validator } from '@seriousme/openapi-schema-validator'
import { describe, expect, test } from 'vitest'
import type { JsonSchema } from '../../core/json-schema.js'
import type { OpenApiSchema } from './open-api-schema.js'
import { droppedKeywords, toComponentName, toOpenApiSchema } from './to-open-api-schema.js'

interface ConversionCase {
  name: string
  input: JsonSchema
  expected: OpenApiSchema
}

/** `items: false`: 2020-12 tuples use it, though the JsonSchema type does not name it. */
const noMoreItems = false as unknown as JsonSchema

const noteRef = { $ref: '#/components/schemas/Note' }

const cases: ConversionCase[] = [
  {
    name: 'drops $schema and keeps an object schema as is',
    input: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { title: { type: 'string', minLength: 1 } },
      required: ['title'],
      additionalProperties: false,
    },
    expected: {
      type: 'object',
      properties: { title: { type: 'string', minLength: 1 } },
      required: ['title'],
      additionalProperties: false,
    },
  },
  {
    name: 'turns const into a one-value enum',
    input: { type: 'string', const: 'note' },
    expected: { type: 'string', enum: ['note'] },
  },
  {
    name: 'prefers const over enum',
    input: { enum: ['a', 'b'], const: 'a' },
    expected: { enum: ['a'] },
  },
  {
    name: 'turns const null into a null enum',
    input: { const: null },
    expected: { enum: [null] },
  },
  {
    name: 'turns a primitive type with null into nullable',
    input: { type: ['string', 'null'], format: 'date-time' },
    expected: { type: 'string', format: 'date-time', nullable: true },
  },
  {
    name: 'turns an object type with null into a nullable object',
    input: { type: ['object', 'null'], properties: { a: { type: 'integer' } }, required: ['a'] },
    expected: {
      type: 'object',
      properties: { a: { type: 'integer' } },
      required: ['a'],
      nullable: true,
    },
  },
  {
    name: 'turns a one-type array into a plain type',
    input: { type: ['boolean'] },
    expected: { type: 'boolean' },
  },
  {
    name: 'turns a type array into an anyOf of single types',
    input: { type: ['string', 'number'], description: 'Id or index.' },
    expected: { description: 'Id or index.', anyOf: [{ type: 'string' }, { type: 'number' }] },
  },
  {
    name: 'turns a type array with null into a nullable anyOf',
    input: { type: ['string', 'number', 'null'] },
    expected: { anyOf: [{ type: 'string' }, { type: 'number' }], nullable: true },
  },
  {
    name: 'turns the null type into a null enum, without nullable (which wants a type beside it)',
    input: { type: 'null', description: 'Nothing.' },
    expected: { description: 'Nothing.', enum: [null] },
  },
  {
    name: 'turns a null-only type array into a null enum',
    input: { type: ['null'] },
    expected: { enum: [null] },
  },
  {
    name: 'lifts the one non-null branch of an anyOf and makes it nullable',
    input: { anyOf: [{ type: 'string', maxLength: 3 }, { type: 'null' }] },
    expected: { type: 'string', maxLength: 3, nullable: true },
  },
  {
    name: 'lifts a nullable date-time branch beside the description (derived `Date | null`)',
    input: {
      anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }],
      description: 'When.',
    },
    expected: { type: 'string', format: 'date-time', description: 'When.', nullable: true },
  },
  {
    name: 'keeps several non-null branches of a derived nullable union in a nullable anyOf',
    input: { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'null' }] },
    expected: { anyOf: [{ type: 'string' }, { type: 'number' }], nullable: true },
  },
  {
    name: 'lifts the one non-null branch of a oneOf and makes it nullable',
    input: { oneOf: [{ type: 'null' }, { type: 'integer', minimum: 0 }] },
    expected: { type: 'integer', minimum: 0, nullable: true },
  },
  {
    name: 'wraps a nullable reference in allOf',
    input: { anyOf: [{ $ref: '#/$defs/Note' }, { type: 'null' }] },
    expected: { allOf: [noteRef], nullable: true },
  },
  {
    name: 'lifts a non-null branch whose description clashes, keeping the outer description',
    input: {
      description: 'Outer.',
      anyOf: [{ type: 'string', description: 'Inner.' }, { const: null }],
    },
    expected: { description: 'Outer.', type: 'string', nullable: true },
  },
  {
    name: 'keeps a clashing non-null branch in anyOf',
    input: {
      minLength: 1,
      anyOf: [{ type: 'string', minLength: 2 }, { const: null }],
    },
    expected: { minLength: 1, anyOf: [{ type: 'string', minLength: 2 }], nullable: true },
  },
  {
    name: 'keeps an anyOf of objects and makes it nullable when null is a branch',
    input: {
      anyOf: [
        { type: 'object', properties: { circle: { type: 'number' } }, required: ['circle'] },
        { type: 'object', properties: { square: { type: 'number' } }, required: ['square'] },
        { type: 'null' },
      ],
    },
    expected: {
      anyOf: [
        { type: 'object', properties: { circle: { type: 'number' } }, required: ['circle'] },
        { type: 'object', properties: { square: { type: 'number' } }, required: ['square'] },
      ],
      nullable: true,
    },
  },
  {
    name: 'keeps an anyOf without null as is',
    input: { anyOf: [{ type: 'string' }, { type: 'boolean' }] },
    expected: { anyOf: [{ type: 'string' }, { type: 'boolean' }] },
  },
  {
    name: 'adds null to the enum of a nullable enum',
    input: { type: ['string', 'null'], enum: ['a', 'b'] },
    expected: { type: 'string', enum: ['a', 'b', null], nullable: true },
  },
  {
    name: 'marks an enum that lists null as nullable',
    input: { type: 'string', enum: ['a', null] },
    expected: { type: 'string', enum: ['a', null], nullable: true },
  },
  {
    name: 'turns examples into the first example',
    input: { type: 'string', examples: ['Groceries', 'Chores'] },
    expected: { type: 'string', example: 'Groceries' },
  },
  {
    name: 'drops an empty examples list',
    input: { type: 'string', examples: [] },
    expected: { type: 'string' },
  },
  {
    name: 'turns numeric exclusive bounds into flagged minimum and maximum',
    input: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 10 },
    expected: {
      type: 'number',
      minimum: 0,
      exclusiveMinimum: true,
      maximum: 10,
      exclusiveMaximum: true,
    },
  },
  {
    name: 'keeps the stricter of an inclusive and an exclusive bound',
    input: { type: 'integer', minimum: 5, exclusiveMinimum: 3, maximum: 20, exclusiveMaximum: 10 },
    expected: { type: 'integer', minimum: 5, maximum: 10, exclusiveMaximum: true },
  },
  {
    name: 'rewrites a $defs reference into components',
    input: { $ref: '#/$defs/Note' },
    expected: noteRef,
  },
  {
    name: 'moves a reference with siblings into allOf',
    input: { $ref: '#/$defs/Note', description: 'The parent.' },
    expected: { description: 'The parent.', allOf: [noteRef] },
  },
  {
    name: 'sanitises a percent-encoded $defs name',
    input: { $ref: '#/$defs/Page%3CNote%3E' },
    expected: { $ref: '#/components/schemas/Page_Note_' },
  },
  {
    name: 'decodes JSON Pointer escapes in a $defs name',
    input: { $ref: '#/$defs/a~1b~0c' },
    expected: { $ref: '#/components/schemas/a_b_c' },
  },
  {
    name: 'drops a reference that does not point into $defs',
    input: { $ref: '#/properties/a', description: 'Elsewhere.' },
    expected: { description: 'Elsewhere.' },
  },
  {
    name: 'leaves $defs to the caller',
    input: { $ref: '#/$defs/Note', $defs: { Note: { type: 'object' } } },
    expected: noteRef,
  },
  {
    name: 'converts a record, dropping propertyNames',
    input: {
      type: 'object',
      additionalProperties: { type: ['integer', 'null'] },
      propertyNames: { pattern: '^[a-z]+$' },
    },
    expected: { type: 'object', additionalProperties: { type: 'integer', nullable: true } },
  },
  {
    name: 'widens a tuple to an array of the union of its items',
    input: {
      type: 'array',
      prefixItems: [{ type: 'string' }, { type: 'number' }],
      items: noMoreItems,
      minItems: 2,
      maxItems: 2,
    },
    expected: {
      type: 'array',
      minItems: 2,
      maxItems: 2,
      items: { anyOf: [{ type: 'string' }, { type: 'number' }] },
    },
  },
  {
    name: 'widens a tuple with rest items to the union of all items',
    input: { type: 'array', prefixItems: [{ type: 'string' }], items: { type: 'boolean' } },
    expected: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'boolean' }] } },
  },
  {
    name: 'widens a one-item tuple to that item',
    input: { type: 'array', prefixItems: [{ type: 'string' }], items: noMoreItems, maxItems: 1 },
    expected: { type: 'array', items: { type: 'string' }, maxItems: 1 },
  },
  {
    name: 'adds empty items to an array without them',
    input: { type: 'array', minItems: 1 },
    expected: { type: 'array', minItems: 1, items: {} },
  },
  {
    name: 'turns items false into items that admit nothing',
    input: { type: 'array', items: noMoreItems },
    expected: { type: 'array', items: { not: {} } },
  },
  {
    name: 'drops an empty required list',
    input: { type: 'object', properties: {}, required: [] },
    expected: { type: 'object', properties: {} },
  },
  {
    name: 'turns an empty enum into not anything',
    input: { enum: [] },
    expected: { not: {} },
  },
  {
    name: 'copies the keywords OAS 3.0 shares',
    input: {
      title: 'T',
      description: 'D',
      type: 'string',
      format: 'email',
      pattern: '^.+@.+$',
      default: 'a@b.c',
      deprecated: true,
      readOnly: true,
      'x-portico-kind': 'email',
    },
    expected: {
      title: 'T',
      description: 'D',
      type: 'string',
      format: 'email',
      pattern: '^.+@.+$',
      default: 'a@b.c',
      deprecated: true,
      readOnly: true,
      'x-portico-kind': 'email',
    },
  },
  {
    name: 'drops keywords that OAS 3.0 cannot express',
    input: Object.fromEntries([
      ['type', 'object'],
      ...droppedKeywords.map((keyword) => [keyword, { type: 'string' }]),
      ['madeUpKeyword', 1],
    ]),
    expected: { type: 'object' },
  },
  {
    name: 'converts subschemas recursively',
    input: {
      type: 'object',
      properties: {
        list: { type: 'array', items: { const: 1 } },
        both: { allOf: [{ type: ['string', 'null'] }, { examples: ['x'] }] },
        either: { oneOf: [{ type: 'integer', exclusiveMaximum: 0 }, { $ref: '#/$defs/Note' }] },
        never: { not: { type: ['string', 'number'] } },
        map: { type: 'object', additionalProperties: { $ref: '#/$defs/Note' } },
      },
    },
    expected: {
      type: 'object',
      properties: {
        list: { type: 'array', items: { enum: [1] } },
        both: { allOf: [{ type: 'string', nullable: true }, { example: 'x' }] },
        either: { oneOf: [{ type: 'integer', maximum: 0, exclusiveMaximum: true }, noteRef] },
        never: { not: { anyOf: [{ type: 'string' }, { type: 'number' }] } },
        map: { type: 'object', additionalProperties: noteRef },
      },
    },
  },
]

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const child of Object.values(value)) deepFreeze(child)
    Object.freeze(value)
  }
  return value
}

describe('toOpenApiSchema', () => {
  test.each(cases)('$name', ({ input, expected }) => {
    expect(toOpenApiSchema(deepFreeze(structuredClone(input)))).toStrictEqual(expected)
  })

  test('produces schemas the OpenAPI 3.0 validator accepts', async () => {
    const stubs = { Note: { type: 'object' }, Page_Note_: { type: 'object' }, a_b_c: {} }
    const converted = Object.fromEntries(
      cases.map(({ input }, index) => [`case_${index}`, toOpenApiSchema(input)]),
    )
    const document = {
      openapi: '3.0.3',
      info: { title: 'Cases', version: '1.0.0' },
      paths: {},
      components: { schemas: { ...stubs, ...converted } },
    }
    const validator = new Validator()
    const result = await validator.validate(JSON.parse(JSON.stringify(document)))
    if (!result.valid) console.error(JSON.stringify(result.errors, null, 2))
    expect(result.valid).toBe(true)
    expect(() => validator.resolveRefs()).not.toThrow()
  })

  test.each<[string, JsonSchema]>([
    ['a null type', { type: 'null' }],
    ['a type array', { type: ['string', 'null'] }],
    ['const', { const: 1 }],
    ['examples', { examples: [1] }],
    ['a numeric exclusiveMinimum', { type: 'number', exclusiveMinimum: 0 }],
    ['an empty required list', { type: 'object', required: [] }],
    ['$defs', { $defs: { A: {} } }],
  ])('has a validator that rejects %s unconverted', async (_name, schema) => {
    const document = {
      openapi: '3.0.3',
      info: { title: 'Raw', version: '1.0.0' },
      paths: {},
      components: { schemas: { Raw: schema } },
    }
    const result = await new Validator().validate(document)
    expect(result.valid).toBe(false)
  })

  test('copies values instead of sharing them with the input', () => {
    const input: JsonSchema = { type: 'object', default: { a: [1] }, examples: [{ b: 2 }] }
    const output = toOpenApiSchema(input)
    expect(output.default).toStrictEqual(input.default)
    expect(output.default).not.toBe(input.default)
    expect(output.example).not.toBe(input.examples?.[0])
  })

  test('names components through the componentName option', () => {
    const input: JsonSchema = {
      type: 'object',
      properties: { a: { $ref: '#/$defs/Note' }, b: { $ref: '#/$defs/Gone' } },
    }
    const output = toOpenApiSchema(input, {
      componentName: (name) => (name === 'Note' ? 'Note_2' : undefined),
    })
    expect(output).toStrictEqual({
      type: 'object',
      properties: { a: { $ref: '#/components/schemas/Note_2' }, b: {} },
    })
  })
})

describe('toComponentName', () => {
  test.each([
    ['Note', 'Note'],
    ['Page<Note>', 'Page_Note_'],
    ['Record<string, number[]>', 'Record_string__number___'],
    ['a.b-c_d', 'a.b-c_d'],
    ['', '_'],
  ])('turns %j into %j', (defName, expected) => {
    expect(toComponentName(defName)).toBe(expected)
    expect(expected).toMatch(/^[a-zA-Z0-9._-]+$/)
  })
})
