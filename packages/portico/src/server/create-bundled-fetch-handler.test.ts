import { describe, expect, it } from 'vitest'
import { createBareModel, createFixtureTool } from '../../test/support/example-model-fixture.js'
import type { JsonSchema } from '../core/json-schema.js'
import { PluginDefinitionError } from '../core/plugin-definition-error.js'
import type { PluginModel } from '../model/plugin-model.js'
import { createBundledFetchHandler } from './create-bundled-fetch-handler.js'

/** A model of one class, `Echo`, whose tool `Echo_say` takes `{ text: string }`. */
function echoModel(inputSchema: JsonSchema): PluginModel {
  const model = createBareModel()
  model.toolClasses = [
    { name: 'Echo', description: '', file: 'tools/echo.ts', toolIds: ['Echo_say'] },
  ]
  model.tools = [createFixtureTool('Echo', 'say', { inputSchema })]
  return model
}

class Echo {
  say(input: { text: string }): string {
    return input.text
  }
}

const textInput: JsonSchema = {
  type: 'object',
  properties: { text: { type: 'string' } },
  required: ['text'],
  additionalProperties: false,
}

describe('createBundledFetchHandler', () => {
  it('serves the tools of a model and its classes, given as values', async () => {
    const fetch = createBundledFetchHandler(echoModel(textInput), new Map([['Echo', Echo]]))
    const response = await fetch(
      new Request('http://127.0.0.1/api/Echo/say', {
        method: 'POST',
        headers: { host: '127.0.0.1', 'content-type': 'application/json' },
        body: '{"text":"hello"}',
      }),
    )
    expect(response.status).toBe(200)
    expect(await response.json()).toBe('hello')
  })

  it('compiles every input schema when made, where workerd still allows code generation', () => {
    const broken = echoModel({ $ref: '#/$defs/Missing' })
    expect(() => createBundledFetchHandler(broken, new Map([['Echo', Echo]]))).toThrow(
      PluginDefinitionError,
    )
  })

  it('refuses an authenticated plugin, naming its mode', () => {
    const model = echoModel(textInput)
    model.config.auth = 'custom'
    expect(() => createBundledFetchHandler(model, new Map([['Echo', Echo]]))).toThrow(
      new TypeError(
        'createBundledFetchHandler serves mode anon only, and this plugin is in mode custom: serve it with portico start or createFetchHandler',
      ),
    )
  })
})
