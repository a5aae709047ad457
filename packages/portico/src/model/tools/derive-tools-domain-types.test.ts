import { describe, expect, it } from 'vitest'
import { useDeriveInTemp } from '../../../test/support/derive-tools-in-temp.js'
import type { JsonSchema } from '../../core/json-schema.js'
import type { DerivedTools } from './derive-tools.js'

// Ordinary domain types of a plugin author (issue 27): aliases of primitives with JSDoc,
// template literal types, literal unions in their written order.

const { derive, deriveError } = useDeriveInTemp('derive-domain-types')

function inputProperties(derived: DerivedTools, index = 0): Record<string, JsonSchema> {
  const properties = derived.tools[index]?.inputSchema.properties
  if (properties === undefined) throw new Error('the tool has no input properties')
  return properties
}

const aliases = `
/** A card's key. @pattern ^card-[0-9]+$ */
export type CardKey = string
/** Price in cents. @minimum 0 @integer */
export type Cents = number
/** Whether it is done. */
export type Done = boolean
export class Cards {
  price(input: {
    key: CardKey
    price: Cents
    /** The old price. @maximum 100 */
    was?: Cents | null
    keys: CardKey[]
    done: Done
  }): { key: CardKey; total: Cents } {
    return { key: input.key, total: input.price }
  }
}
`

describe('JSDoc on an alias of a primitive', () => {
  it('applies the constraints and description of the alias wherever it is used', async () => {
    const derived = await derive(aliases)
    const cardKey = { description: "A card's key.", type: 'string', pattern: '^card-[0-9]+$' }
    const cents = { description: 'Price in cents.', type: 'integer', minimum: 0 }
    expect(inputProperties(derived)).toEqual({
      key: cardKey,
      price: cents,
      was: {
        anyOf: [{ type: 'integer', minimum: 0, maximum: 100 }, { type: 'null' }],
        description: 'The old price.',
      },
      keys: { type: 'array', items: cardKey },
      done: { description: 'Whether it is done.', type: 'boolean' },
    })
    expect(derived.tools[0]?.outputSchema.properties).toEqual({ key: cardKey, total: cents })
  })

  it('lists the aliases in the named types with their schemas', async () => {
    const { types } = await derive(aliases)
    expect(
      types.map(({ name, schema, source, usedBy }) => ({ name, schema, source, usedBy })),
    ).toEqual([
      {
        name: 'CardKey',
        schema: { description: "A card's key.", type: 'string', pattern: '^card-[0-9]+$' },
        source: { file: 'tools/t.ts', line: 3 },
        usedBy: ['Cards_price'],
      },
      {
        name: 'Cents',
        schema: { description: 'Price in cents.', type: 'integer', minimum: 0 },
        source: { file: 'tools/t.ts', line: 5 },
        usedBy: ['Cards_price'],
      },
      {
        name: 'Done',
        schema: { description: 'Whether it is done.', type: 'boolean' },
        source: { file: 'tools/t.ts', line: 7 },
        usedBy: ['Cards_price'],
      },
    ])
  })

  it("lets a property's own JSDoc override the alias's", async () => {
    const derived = await derive(`
      /** A code. @pattern ^[a-z]+$ @maxLength 8 */
      type Code = string
      export class T {
        run(input: { /** Upper case. @pattern ^[A-Z]+$ */ code: Code }): void {}
      }`)
    expect(inputProperties(derived).code).toEqual({
      description: 'Upper case.',
      type: 'string',
      pattern: '^[A-Z]+$',
      maxLength: 8,
    })
  })

  it('applies the tags of an alias of a literal union, and of an alias of an alias', async () => {
    const derived = await derive(`
      /** How urgent. @default "low" */
      type Priority = 'low' | 'high'
      /** @minimum 1 */
      type Positive = number
      /** A count. @integer */
      type Count = Positive
      export class T {
        run(input: { priority?: Priority; count: Count }): void {}
      }`)
    expect(inputProperties(derived)).toEqual({
      priority: {
        description: 'How urgent.',
        type: 'string',
        enum: ['low', 'high'],
        default: 'low',
      },
      count: { description: 'A count.', type: 'integer', minimum: 1 },
    })
  })

  it('applies an alias inside an alias of a union', async () => {
    const derived = await derive(`
      /** @pattern ^k-[0-9]+$ */
      type Key = string
      type MaybeKey = Key | null
      export class T {
        run(input: { key?: MaybeKey }): void {}
      }`)
    expect(inputProperties(derived).key).toEqual({
      anyOf: [{ type: 'string', pattern: '^k-[0-9]+$' }, { type: 'null' }],
    })
  })

  it('names the alias line when a tag of the alias is malformed', async () => {
    expect(
      await deriveError(`
        export class T {
          run(input: { price: Cents }): void {}
        }
        /** @minimum zero */
        type Cents = number`),
    ).toMatch(/^tools\/t\.ts:6:\d+: T_run input "price": @minimum needs a number, got "zero"/)
  })
})

describe('template literal types', () => {
  it('derives a pattern from a template literal type, its placeholders and literal unions', async () => {
    const derived = await derive(`
      type Lane = 'todo' | 'done'
      export class T {
        run(input: {
          card: \`card-\${number}\`
          any: \`\${string}.md\`
          big: \`#\${bigint}\`
          lane: \`\${Lane}/\${number}\`
          both?: \`a(\${string})\` | 'none'
        }): void {}
      }`)
    expect(inputProperties(derived)).toEqual({
      card: { type: 'string', pattern: '^card-(-?[0-9]+(\\.[0-9]+)?)$' },
      any: { type: 'string', pattern: '^([\\s\\S]*)\\.md$' },
      big: { type: 'string', pattern: '^#(-?[0-9]+)$' },
      lane: {
        anyOf: [
          { type: 'string', pattern: '^todo/(-?[0-9]+(\\.[0-9]+)?)$' },
          { type: 'string', pattern: '^done/(-?[0-9]+(\\.[0-9]+)?)$' },
        ],
      },
      both: {
        anyOf: [
          { type: 'string', pattern: '^a\\(([\\s\\S]*)\\)$' },
          { type: 'string', const: 'none' },
        ],
      },
    })
    const pattern = new RegExp(inputProperties(derived).card?.pattern ?? '', 'u')
    expect(['card-12', 'card-1.5', 'card--3'].map((key) => pattern.test(key))).toEqual([
      true,
      true,
      true,
    ])
    expect(['card-', 'card-x', 'xcard-1', 'card-1e'].some((key) => pattern.test(key))).toBe(false)
  })

  it('refuses a string mapping type, which no pattern can say, with file and line', async () => {
    expect(
      await deriveError(`
        export class T {
          run(input: {
            code: \`x-\${Uppercase<string>}\`
          }): void {}
        }`),
    ).toMatch(
      /^tools\/t\.ts:4:\d+: T_run input "code": Uppercase<string> cannot be written as a JSON Schema pattern; use string with a @pattern tag$/,
    )
  })
})

describe('literal unions', () => {
  it('keeps the order the union is written in, whatever the checker met first', async () => {
    const derived = await derive(`
      /** @default "b" */
      type Letter = 'c' | 'b' | 'a'
      export class T {
        first(input: { two: 2; b: 'b'; a: 'a'; no: false }): void {}
        run(input: {
          level: 1 | 2 | 3
          maybe?: 3 | 1 | 2 | null
          letter: Letter
          mixed: 'x' | Letter | 'z'
          flag: true | 1 | false
        }): void {}
      }`)
    expect(inputProperties(derived, 1)).toEqual({
      level: { type: 'number', enum: [1, 2, 3] },
      maybe: { anyOf: [{ type: 'number', enum: [3, 1, 2] }, { type: 'null' }] },
      letter: { type: 'string', enum: ['c', 'b', 'a'], default: 'b' },
      mixed: { type: 'string', enum: ['x', 'c', 'b', 'a', 'z'] },
      flag: { anyOf: [{ type: 'boolean' }, { type: 'number', const: 1 }] },
    })
  })
})

describe('deprecated methods', () => {
  it('records @deprecated on a method, with its reason', async () => {
    const derived = await derive(`
      export class T {
        /**
         * Moves a card.
         * @deprecated Use T_move instead.
         */
        shift(): void {}
        /** @deprecated */
        old(): void {}
        move(): void {}
      }`)
    expect(derived.tools.map(({ id, deprecated }) => ({ id, deprecated }))).toEqual([
      { id: 'T_shift', deprecated: 'Use T_move instead.' },
      { id: 'T_old', deprecated: '' },
      { id: 'T_move', deprecated: undefined },
    ])
  })
})

describe('keywords that do not apply to the type', () => {
  it.each([
    ['@format uuid', 'number', '@format applies to strings, and "id" is a number'],
    ['@minimum 1', 'string', '@minimum applies to numbers, and "id" is a string'],
    ['@minItems 1', 'string | null', '@minItems applies to arrays, and "id" is a string'],
    ['@maxLength 3', 'string[]', '@maxLength applies to strings, and "id" is an array'],
  ])('refuses %s on %s, with file and line', async (tag, type, problem) => {
    expect(
      await deriveError(`
        export class T {
          run(input: {
            /** ${tag} */
            id: ${type}
          }): void {}
        }`),
    ).toMatch(new RegExp(`^tools/t\\.ts:5:\\d+: T_run input "id": ${escapeRegExp(problem)}; `))
  })

  it('accepts a keyword that applies to one branch of a union, or to an alias', async () => {
    const derived = await derive(`
      type Key = string
      export class T {
        run(input: {
          /** @minimum 1 */ a: number | null
          /** @pattern ^x$ */ b: string | number
          /** @minLength 1 */ c: Key
          /** @minimum 0 */ d: 1 | 2
          /** @format date-time */ e: Date
        }): void {}
      }`)
    expect(Object.keys(inputProperties(derived))).toEqual(['a', 'b', 'c', 'd', 'e'])
  })

  it("refuses a keyword of an alias that does not apply to the alias's type", async () => {
    expect(
      await deriveError(`
        /** @minimum 0 */
        type Key = string
        export class T {
          run(input: { key: Key }): void {}
        }`),
    ).toMatch(
      /^tools\/t\.ts:3:\d+: T_run input "key": @minimum applies to numbers, and "Key" is a string; /,
    )
  })
})

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

describe('overloaded methods', () => {
  it('derives the tool from the implementation signature, with the JSDoc of the overloads', async () => {
    const derived = await derive(`
      export class Cards {
        /** Finds a card by key or by title. */
        find(input: { key: string }): { found: boolean }
        find(input: { title: string }): { found: boolean }
        find(input: { key?: string; title?: string }): { found: boolean } {
          return { found: input.key !== undefined }
        }
      }`)
    expect(derived.tools).toHaveLength(1)
    expect(derived.tools[0]).toMatchObject({
      id: 'Cards_find',
      summary: 'Finds a card by key or by title.',
      source: { file: 'tools/t.ts', line: 6 },
    })
    expect(inputProperties(derived)).toEqual({ key: { type: 'string' }, title: { type: 'string' } })
    expect(derived.tools[0]?.inputSchema.required).toBeUndefined()
  })
})

const money = `
/** An amount of money. */
class Money {
  constructor(private readonly cents: number) {}
  add(other: Money): Money { return new Money(this.cents + other.cents) }
  toJSON(): { cents: number; currency: 'EUR' } { return { cents: this.cents, currency: 'EUR' } }
}
`

describe('class instances whose JSON form is plain data, in outputs', () => {
  it('derives URL as a uri string and a class with toJSON as what toJSON returns', async () => {
    const derived = await derive(`${money}
      export class Shop {
        quote(): { link: URL; price: Money; prices: Money[] } {
          return { link: new URL('https://shop.example/'), price: new Money(5), prices: [] }
        }
      }`)
    const moneySchema = {
      description: 'An amount of money.',
      type: 'object',
      properties: { cents: { type: 'number' }, currency: { type: 'string', const: 'EUR' } },
      required: ['cents', 'currency'],
      additionalProperties: false,
    }
    expect(derived.tools[0]?.outputSchema.properties).toEqual({
      link: { type: 'string', format: 'uri' },
      price: moneySchema,
      prices: { type: 'array', items: moneySchema },
    })
    expect(derived.types.map(({ name, schema }) => ({ name, schema }))).toEqual([
      { name: 'Money', schema: moneySchema },
    ])
  })

  it.each([
    ['URL', 'a URL in the input is not revived; take a string with @format uri'],
    [
      'Money',
      'Money is a class instance, which an input is not (it arrives as JSON); take the plain data its toJSON() returns',
    ],
  ])('refuses %s in an input, with file and line', async (type, problem) => {
    expect(
      await deriveError(`${money}
        export class Shop {
          pay(input: { what: ${type} }): void {}
        }`),
    ).toMatch(new RegExp(`^tools/t\\.ts:10:\\d+: Shop_pay input "what": ${escapeRegExp(problem)}$`))
  })
})
