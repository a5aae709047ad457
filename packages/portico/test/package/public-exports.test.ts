import { describe, expect, it } from 'vitest'
import * as portico from '../../src/index.js'

describe('the public API of portico', () => {
  it('exports exactly these run-time values', () => {
    // Adding a name here is an API decision: say so in the commit.
    expect(Object.keys(portico).sort()).toEqual([
      'PluginDefinitionError',
      'PorticoError',
      'createApp',
      'createToolRuntime',
      'defineConfig',
      'getAuthApp',
      'loadBuiltPlugin',
    ])
  })
})
