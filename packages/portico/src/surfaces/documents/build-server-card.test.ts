import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { describe, expect, test } from 'vitest'
import { createBareModel, createExampleModel } from '../../../test/support/example-model-fixture.js'
import { buildServerCards } from './build-server-card.js'

const schema = JSON.parse(
  readFileSync(
    resolve(import.meta.dirname, '../../../test/fixtures/schemas/mcp-server-card.json'),
    'utf8',
  ),
) as Record<string, unknown>
const ajv = new Ajv2020({ allErrors: true, strict: false })
addFormats.default(ajv)
const validate = ajv.compile(schema)

describe('buildServerCards', () => {
  test('gives a card per hosted server at <mcp-url>/server-card, each valid against the schema', () => {
    const cards = buildServerCards(createExampleModel(), 'https://notes.example.com')
    expect(cards.map(({ server, path }) => [server, path])).toEqual([
      ['', '/mcp/server-card'],
      ['tags', '/mcp/tags/server-card'],
    ])
    expect(cards.map(({ card }) => card.name)).toEqual([
      'com.example.notes/notes',
      'com.example.notes/notes-tags',
    ])
    for (const { card } of cards) expect(validate(card), JSON.stringify(validate.errors)).toBe(true)
    expect(cards[1]?.card.remotes).toEqual([
      { type: 'streamable-http', url: 'https://notes.example.com/mcp/tags' },
    ])
  })

  test('stays valid with an empty description, a long one and a loopback or IPv6 origin', () => {
    const long = { ...createBareModel() }
    long.identity = { ...long.identity, description: 'word '.repeat(60) }
    for (const [model, origin] of [
      [createBareModel(), 'http://localhost:4321'],
      [long, 'http://127.0.0.1:4321'],
      [createBareModel(), 'http://[::1]:4321'],
    ] as const) {
      const [main] = buildServerCards(model, origin)
      expect(validate(main?.card), JSON.stringify(validate.errors)).toBe(true)
      expect(main?.card.description.length).toBeLessThanOrEqual(100)
    }
  })
})
