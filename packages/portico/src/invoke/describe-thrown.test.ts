import { describe, expect, it } from 'vitest'
import { describeThrown } from './describe-thrown.js'

describe('the words for a thrown value', () => {
  it("are an Error's message, and a string as it is", () => {
    expect(describeThrown(new TypeError('nope'))).toBe('nope')
    expect(describeThrown('lost')).toBe('lost')
  })

  it('write other values as JSON, or as String() where JSON has no form', () => {
    expect(describeThrown(null)).toBe('null')
    expect(describeThrown(undefined)).toBe('undefined')
    expect(describeThrown(42)).toBe('42')
    expect(describeThrown({ code: 'E_DB', rows: [1] })).toBe('{"code":"E_DB","rows":[1]}')
    expect(describeThrown(Symbol('why'))).toBe('Symbol(why)')
  })

  it('write a cycle as [Circular] and a BigInt as its literal', () => {
    const value: Record<string, unknown> = { id: 10n }
    value.self = value
    expect(describeThrown(value)).toBe('{"id":"10n","self":"[Circular]"}')
  })

  it('describe an object without a prototype, and one whose getter throws', () => {
    expect(describeThrown(Object.assign(Object.create(null), { a: 1 }))).toBe('{"a":1}')
    const hostile = {
      get boom(): never {
        throw new Error('no')
      },
    }
    expect(describeThrown(hostile)).toBe('[object Object]')
  })

  it('cut a huge value to 500 characters', () => {
    const described = describeThrown({ text: 'x'.repeat(10_000) })
    expect(described).toHaveLength(501)
    expect(described.endsWith('…')).toBe(true)
  })
})
