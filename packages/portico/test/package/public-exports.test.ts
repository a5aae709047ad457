import { describe, expect, it } from 'vitest'
import * as portico from '../../src/index.js'
import * as porticoServer from '../../src/server/index.js'
import * as porticoTesting from '../../src/testing/index.js'
import * as porticoWidget from '../../src/widget/index.js'

describe('the public API of portico', () => {
  it('exports exactly these run-time values from portico', () => {
    // Adding a name here is an API decision: say so in the commit.
    expect(Object.keys(portico).sort()).toEqual([
      'PluginDefinitionError',
      'PorticoError',
      'content',
      'defineConfig',
    ])
  })

  it('exports exactly these run-time values from portico/server', () => {
    expect(Object.keys(porticoServer).sort()).toEqual([
      'createApp',
      'createBundledFetchHandler',
      'createFetchHandler',
      'createToolRuntime',
      'getAuthApp',
      'loadBuiltPlugin',
    ])
  })

  it('exports exactly these run-time values from portico/widget', () => {
    expect(Object.keys(porticoWidget).sort()).toEqual(['connectWidget'])
  })

  it('exports exactly these run-time values from portico/testing', () => {
    expect(Object.keys(porticoTesting).sort()).toEqual(['createTestPlugin'])
  })
})
