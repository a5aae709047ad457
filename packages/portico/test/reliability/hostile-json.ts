import fc from 'fast-check'

/**
 * A JSON value as written on the wire, not as an object holds it: an object is its list of
 * entries, so it can repeat a key or own `__proto__`, and a number is its literal, so it can
 * overflow (`1e400`) or be `-0`. Only {@link jsonTextOf} turns it into text.
 */
export type JsonTree = null | boolean | string | { number: string } | JsonTree[] | ObjectTree

/** A JSON object as its entries, in order, repeats included. */
export interface ObjectTree {
  entries: [string, JsonTree][]
}

/** Keys that attack a parser or a merge, beside ordinary and generated ones. */
export const HOSTILE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '__defineGetter__',
  'polluted',
  '',
  '\u0000',
  '$ref',
  '_meta',
] as const

/** Strings that break naive handling: NULs, lone surrogates, separators, escapes, markup. */
const HOSTILE_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  '\ud83d\ude00',
  '\u2028\u2029',
  '\ufeff',
  '../../etc/passwd',
  '%c0%af',
  '%2e%2e',
  '%00',
  '<script>alert(1)</script>',
  '\u0024{7*7}',
  '{{constructor}}',
] as const

/** Number literals as a hostile client writes them. */
const HOSTILE_NUMBERS = [
  '1e400',
  '-1e400',
  '-0',
  '0.0000000000000000000000000000001',
  '123456789012345678901234567890',
  '1E+2',
  '9007199254740993',
] as const

/** A key: hostile, ordinary, or any string at all. */
export const keyArb: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...HOSTILE_KEYS),
  fc.constantFrom('a', 'b', 'note', 'name', 'id', 'uri', 'topic'),
  fc.string({ unit: 'binary', maxLength: 12 }),
)

/** A string: generated, or one of the hostile ones. */
export const stringArb: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(...HOSTILE_STRINGS),
)

/** A number literal: generated, or one that overflows or loses precision. */
export const numberArb: fc.Arbitrary<{ number: string }> = fc
  .oneof(
    fc.integer().map(String),
    fc.double({ noNaN: true, noDefaultInfinity: true }).map((value) => JSON.stringify(value)),
    fc.constantFrom(...HOSTILE_NUMBERS),
  )
  .map((number) => ({ number }))

/** Any JSON value, shallow enough that most cases fit the body limit. */
export const jsonTreeArb: fc.Arbitrary<JsonTree> = fc.letrec<{
  tree: JsonTree
  array: JsonTree[]
  object: ObjectTree
}>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    stringArb,
    numberArb,
    tie('array'),
    tie('object'),
  ),
  array: fc.array(tie('tree'), { maxLength: 4 }),
  object: objectOf(keyArb, tie('tree')),
})).tree

/** An object of `entries` drawn from `key` and `value`, repeated keys allowed. */
export function objectOf(
  key: fc.Arbitrary<string>,
  value: fc.Arbitrary<JsonTree>,
): fc.Arbitrary<ObjectTree> {
  return fc.array(fc.tuple(key, value), { maxLength: 5 }).map((entries) => ({ entries }))
}

/** The JSON text of a tree, byte for byte as a hostile client would write it. */
export function jsonTextOf(tree: JsonTree): string {
  if (tree === null || typeof tree === 'boolean' || typeof tree === 'string') {
    return JSON.stringify(tree)
  }
  if (Array.isArray(tree)) return `[${tree.map(jsonTextOf).join(',')}]`
  if ('number' in tree) return tree.number
  const members = tree.entries.map(([key, value]) => `${JSON.stringify(key)}:${jsonTextOf(value)}`)
  return `{${members.join(',')}}`
}

/** Text built to exhaust something: deep nesting, a huge string, a huge array or many keys. */
export const exhaustingTextArb: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: 50, max: 40_000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
  fc
    .integer({ min: 50, max: 12_000 })
    .map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
  // A tree as deep as the fixture's recursive schema takes, and deeper than it can bear.
  fc
    .integer({ min: 50, max: 4_500 })
    .map((depth) => `{"root":${'{"children":['.repeat(depth)}{}${']}'.repeat(depth)}}`),
  fc.integer({ min: 1_000, max: 100_000 }).map((size) => `{"a":"${'x'.repeat(size)}"}`),
  fc.integer({ min: 500, max: 40_000 }).map((size) => `{"a":[${'0,'.repeat(size)}0]}`),
  fc
    .integer({ min: 100, max: 8_000 })
    .map(
      (size) => `{${Array.from({ length: size }, (_, index) => `"k${index}":${index}`).join(',')}}`,
    ),
  // The same key many times: a parser that keeps them all pays for each.
  fc.integer({ min: 100, max: 12_000 }).map((size) => `{${'"a":1,'.repeat(size)}"a":2}`),
)

/** Byte sequences no UTF-8 decoder should accept, and a raw NUL. */
const BAD_BYTES: readonly (readonly number[])[] = [
  [0xff],
  [0xc0, 0xaf],
  [0xe0, 0x80, 0xaf],
  [0xed, 0xa0, 0x80],
  [0xf4, 0x90, 0x80, 0x80],
  [0xe2, 0x82],
  [0x80],
  [0x00],
]

/** One change a hostile client makes to the bytes of a body. */
export type ByteMutation =
  | { kind: 'insert'; at: number; bytes: readonly number[] }
  | { kind: 'truncate'; at: number }
  | { kind: 'bom' }

export const byteMutationArb: fc.Arbitrary<ByteMutation> = fc.oneof(
  fc.record({
    kind: fc.constant('insert' as const),
    at: fc.nat(),
    bytes: fc.constantFrom(...BAD_BYTES),
  }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  fc.constant({ kind: 'bom' as const }),
)

/** The bytes of `text` with `mutations` applied, positions taken modulo the length. */
export function mutatedBytes(text: string, mutations: readonly ByteMutation[]): Uint8Array {
  let bytes = new Uint8Array(Buffer.from(text, 'utf8'))
  for (const mutation of mutations) {
    const at = mutation.kind === 'bom' ? 0 : mutation.at % (bytes.byteLength + 1)
    const insert =
      mutation.kind === 'insert'
        ? mutation.bytes
        : mutation.kind === 'bom'
          ? [0xef, 0xbb, 0xbf]
          : []
    const keepTo = mutation.kind === 'truncate' ? at : bytes.byteLength
    bytes = new Uint8Array([...bytes.subarray(0, at), ...insert, ...bytes.subarray(at, keepTo)])
  }
  return bytes
}

/** A character `fetch` sends in a header value (the raw requests send the others). */
export const visibleAscii = fc
  .integer({ min: 0x20, max: 0x7e })
  .map((code) => String.fromCharCode(code))

/** An object that tries every way a merge or a parser is polluted: `__proto__`, `constructor`. */
export const pollutingObjectArb: fc.Arbitrary<ObjectTree> = fc.letrec<{
  tree: JsonTree
  object: ObjectTree
}>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom<JsonTree>(true, 'polluted', { number: '1' }),
    tie('object'),
    fc.array(tie('tree'), { maxLength: 2 }),
  ),
  object: objectOf(
    fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom('__proto__', 'constructor', 'prototype') },
      { weight: 1, arbitrary: fc.constantFrom('polluted', 'isAdmin', 'toString', 'a') },
    ),
    tie('tree'),
  ),
})).object

/** Keys the server refuses in any JSON body, at any depth. */
const REFUSED_KEYS = new Set(['__proto__', 'constructor', 'prototype'])

/**
 * Whether a parsed body holds what the server refuses (400) whatever the tool: a `__proto__`,
 * `constructor` or `prototype` key at any depth, or a number past a double (`1e999`).
 */
export function holdsRefusedJson(value: unknown): boolean {
  if (typeof value === 'number') return !Number.isFinite(value)
  if (typeof value !== 'object' || value === null) return false
  if (Array.isArray(value)) return value.some(holdsRefusedJson)
  return Object.entries(value).some(
    ([key, item]) => REFUSED_KEYS.has(key) || holdsRefusedJson(item),
  )
}
