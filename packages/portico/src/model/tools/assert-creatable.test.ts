import { describe, expect, it } from 'vitest'
import { useDeriveInTemp } from '../../../test/support/derive-tools-in-temp.js'

const { derive, deriveError } = useDeriveInTemp('creatable')

// A tool class is created once per process, with no arguments: a class that cannot be is
// refused where it is declared instead of answering 500 on every call.
describe('tool classes that cannot be created with no arguments', () => {
  it('refuses a constructor with a required parameter, naming the parameter', async () => {
    const message = await deriveError(
      [
        'export class Prices {',
        '  constructor(private readonly rate: number) {}',
        '  async convert(input: { cents: number }): Promise<number> { return input.cents * this.rate }',
        '}',
        '',
      ].join('\n'),
    )
    expect(message).toBe(
      'tools/t.ts:2:15: class Prices: a tool class is created once per process with no arguments, and its constructor requires "rate"; give each parameter a default, or, for a helper that is not a tool class, export it from a module outside tools/',
    )
  })

  it('refuses a constructor a plugin base class declares', async () => {
    const message = await deriveError(
      [
        'class Base {',
        '  constructor(readonly name: string) {}',
        '}',
        'export class Greeter extends Base {',
        '  async greet(): Promise<string> { return this.name }',
        '}',
        '',
      ].join('\n'),
    )
    expect(message).toMatch(/^tools\/t\.ts:2:15: class Greeter: .*requires "name"/)
  })

  it('refuses an abstract class', async () => {
    const message = await deriveError(
      'export abstract class Shape {\n  async area(): Promise<number> { return 0 }\n}\n',
    )
    expect(message).toMatch(/^tools\/t\.ts:1:1: class Shape: .*an abstract class cannot be/)
  })

  it('accepts parameters that are optional, defaulted or rest', async () => {
    const { toolClasses } = await derive(
      [
        'export class Clock {',
        '  constructor(private readonly offset = 0, readonly zone?: string, ...rest: string[]) {',
        '    void rest',
        '  }',
        '  async now(): Promise<number> { return this.offset }',
        '}',
        '',
      ].join('\n'),
    )
    expect(toolClasses.map((toolClass) => toolClass.name)).toEqual(['Clock'])
  })
})
