import { describe, expect, it } from 'vitest'
import type { JsonSchema } from '../core/json-schema.js'
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

/** `interface Person { name: string (minLength 1); age: number (minimum 0) }`. */
const person: JsonSchema = {
  type: 'object',
  properties: { name: { type: 'string', minLength: 1 }, age: { type: 'number', minimum: 0 } },
  required: ['name', 'age'],
  additionalProperties: false,
}

const card = (status: string, extra: Record<string, JsonSchema> = {}): JsonSchema => ({
  type: 'object',
  properties: { status: { type: 'string', const: status }, title: { type: 'string' }, ...extra },
  required: ['status', 'title', ...Object.keys(extra)],
  additionalProperties: false,
})

const inObject = (schema: JsonSchema): JsonSchema => ({
  type: 'object',
  properties: { value: schema },
  required: ['value'],
  additionalProperties: false,
})

describe('errors of a union', () => {
  it('reports the object branch of a nullable object when an object was sent', () => {
    const check = compile(inObject({ anyOf: [person, { type: 'null' }] }))
    expect(check({ value: { name: '', age: -1 } })).toEqual([
      { path: '/value/name', message: 'must NOT have fewer than 1 characters' },
      { path: '/value/age', message: 'must be >= 0' },
    ])
    expect(check({ value: 3 })).toEqual([{ path: '/value', message: 'must be an object or null' }])
  })

  it('lists the allowed values of an unknown or missing discriminator', () => {
    const cards = [card('open'), card('done', { doneAt: { type: 'string' } }), card('archived')]
    const check = compile(inObject({ anyOf: cards }))
    expect(check({ value: { status: 'deleted', title: 't' } })).toEqual([
      { path: '/value/status', message: 'must be one of "open", "done", "archived"' },
    ])
    expect(check({ value: { title: 't' } })).toEqual([
      { path: '/value/status', message: 'is required: one of "open", "done", "archived"' },
    ])
    expect(check({ value: { status: 'done', title: 't' } })).toEqual([
      { path: '/value/doneAt', message: 'is required' },
    ])
  })

  it('lists the discriminator of a nullable discriminated union when an object was sent', () => {
    const check = compile(inObject({ anyOf: [card('open'), card('archived'), { type: 'null' }] }))
    expect(check({ value: { status: 'gone', title: 't' } })).toEqual([
      { path: '/value/status', message: 'must be one of "open", "archived"' },
    ])
  })

  it('names every branch when none is closer than the others', () => {
    const byKey: JsonSchema = {
      type: 'object',
      properties: { key: { type: 'string' } },
      required: ['key'],
      additionalProperties: false,
    }
    const byTitle: JsonSchema = {
      type: 'object',
      properties: { title: { type: 'string' } },
      required: ['title'],
      additionalProperties: false,
    }
    const check = compile(inObject({ anyOf: [byKey, byTitle] }))
    expect(check({ value: {} })).toEqual([
      { path: '/value', message: 'must match one of: /key is required; or /title is required' },
    ])
    expect(check({ value: { title: 3 } })).toEqual([
      { path: '/value/title', message: 'must be a string' },
    ])
  })
})
