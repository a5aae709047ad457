import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { derivePluginModel } from '../../src/model/derive-plugin-model.js'

const conformanceDir = resolve(import.meta.dirname, '../../../../examples/conformance')

describe("examples/conformance's README", () => {
  it('names every tool, prompt and resource of the plugin, and nothing else', async () => {
    const [readme, model] = await Promise.all([
      readFile(resolve(conformanceDir, 'README.md'), 'utf8'),
      derivePluginModel(conformanceDir),
    ])
    // The fixture table, up to the next section: a code span per name.
    const table = readme.slice(0, readme.indexOf('\n## '))
    const spans = new Set([...table.matchAll(/`([^`\s]+)`/g)].map((match) => match[1] ?? ''))
    const named = (pattern: RegExp) => [...spans].filter((span) => pattern.test(span)).sort()
    const ids = (values: { name: string }[]) => values.map((value) => value.name).sort()

    expect(named(/^((test|json|slow|failing|protocol|confirm|multi)_\w+|greet)$/)).toEqual(
      [...model.tools.map((tool) => tool.id), ...ids(model.prompts)].sort(),
    )
    expect(named(/^test:\/\/[\w-]+$/)).toEqual(model.resources.map((file) => file.uri).sort())
  })
})
