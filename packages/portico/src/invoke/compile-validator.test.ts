import { describe, expect, it } from 'vitest'
import { createSchemaCompiler } from './compile-validator.js'

const compile = createSchemaCompiler()

describe('@multipleOf on decimals', () => {
  const cents = compile({ type: 'number', multipleOf: 0.01 })

  it('accepts every amount written with at most two decimals', () => {
    for (const price of [19.99, 0.07, 4.35, 1.1, 0.29, 1e21, -8.15, 0, 100]) {
      expect(cents(price), String(price)).toEqual([])
    }
  })

  it('refuses an amount with a third decimal, however close', () => {
    for (const price of [0.001, 19.999, 4.351, 0.30000000000000004, 1.0000000001]) {
      expect(cents(price), String(price)).toEqual([
        { path: '/', message: 'must be multiple of 0.01' },
      ])
    }
  })

  it('checks steps written in exponent form and integer steps exactly', () => {
    expect(compile({ type: 'number', multipleOf: 1e-7 })(3.0000001)).toEqual([])
    expect(compile({ type: 'number', multipleOf: 1e-7 })(3.00000001)).toHaveLength(1)
    expect(compile({ type: 'integer', multipleOf: 5 })(35)).toEqual([])
    expect(compile({ type: 'integer', multipleOf: 5 })(36)).toHaveLength(1)
    expect(compile({ type: 'number', multipleOf: 0.5 })(2.5)).toEqual([])
  })
})
