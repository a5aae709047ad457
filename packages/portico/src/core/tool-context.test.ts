import { describe, expectTypeOf, it } from 'vitest'
import type {
  PorticoElicitContent,
  PorticoElicitForm,
  PorticoElicitValues,
} from './tool-context.js'

// Checked by the type-check of `npm test`: a wrong type fails it there.
describe('PorticoElicitContent', () => {
  const form = {
    type: 'object',
    properties: {
      name: { type: 'string' },
      size: { type: 'string', enum: ['s', 'm'] },
      age: { type: 'integer' },
      tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } },
      subscribed: { type: 'boolean' },
    },
    required: ['name', 'size'],
  } as const
  type Content = PorticoElicitContent<typeof form>

  it('types each field of a written form, required ones present, an enum as its choices', () => {
    expectTypeOf<Content['name']>().toEqualTypeOf<string>()
    expectTypeOf<Content['size']>().toEqualTypeOf<'s' | 'm'>()
    expectTypeOf<Content['age']>().toEqualTypeOf<number | undefined>()
    expectTypeOf<Content['tags']>().toEqualTypeOf<string[] | undefined>()
    expectTypeOf<Content['subscribed']>().toEqualTypeOf<boolean | undefined>()
  })

  it('reads a form whose fields are not known from its type as any values', () => {
    expectTypeOf<PorticoElicitContent<PorticoElicitForm>>().toEqualTypeOf<PorticoElicitValues>()
  })
})
