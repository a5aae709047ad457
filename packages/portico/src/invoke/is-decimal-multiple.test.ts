import { describe, expect, it } from 'vitest'
import { isDecimalMultiple } from './is-decimal-multiple.js'

describe('isDecimalMultiple', () => {
  it('takes each number as the decimal JSON writes for it', () => {
    expect(isDecimalMultiple(19.99, 0.01)).toBe(true)
    expect(isDecimalMultiple(0.07, 0.01)).toBe(true)
    expect(isDecimalMultiple(-4.35, 0.05)).toBe(true)
    expect(isDecimalMultiple(1e21, 0.01)).toBe(true)
    expect(isDecimalMultiple(2.5e-7, 5e-8)).toBe(true)
    expect(isDecimalMultiple(0.30000000000000004, 0.01)).toBe(false)
    expect(isDecimalMultiple(4.351, 0.01)).toBe(false)
    expect(isDecimalMultiple(2.6e-7, 5e-8)).toBe(false)
  })

  it('divides integers as integers and refuses what is not finite', () => {
    expect(isDecimalMultiple(35, 5)).toBe(true)
    expect(isDecimalMultiple(36, 5)).toBe(false)
    expect(isDecimalMultiple(0, 0.01)).toBe(true)
    expect(isDecimalMultiple(Number.POSITIVE_INFINITY, 1)).toBe(false)
    expect(isDecimalMultiple(3, 0)).toBe(false)
  })

  it('needs nothing from its module, so its source can be copied into standalone code', () => {
    const copy = new Function(`return (${isDecimalMultiple.toString()})`)() as (
      value: number,
      divisor: number,
    ) => boolean
    expect(copy(19.99, 0.01)).toBe(true)
    expect(copy(19.999, 0.01)).toBe(false)
  })
})
