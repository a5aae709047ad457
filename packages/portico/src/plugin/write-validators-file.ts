import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import standaloneCode from 'ajv/dist/standalone/index.js'
import type { JsonSchema } from '../core/json-schema.js'
import { createAjv } from '../invoke/compile-validator.js'
import { precompiledKey } from '../invoke/precompiled-validators.js'
import type { PluginModel } from '../model/plugin-model.js'
import { ajvVersion, VALIDATORS_FORMAT, validatorsFileName } from './validators-file.js'

/**
 * Writes every validator the runtime compiles from the model (tool inputs and outputs,
 * resource template and prompt inputs) as Ajv standalone code, made by Ajvs with the runtime's
 * own options, so `portico start` neither loads Ajv nor compiles a schema before answering.
 * Each validator is a function of its own, so a start evaluates only those that are called.
 */
export async function writeValidatorsFile(buildDir: string, model: PluginModel): Promise<void> {
  const inputs = createAjv({ useDefaults: true }, { code: { source: true } })
  const outputs = createAjv({}, { code: { source: true } })
  const entries = new Map<string, string>()
  const add = (schema: JsonSchema, useDefaults: boolean) => {
    const key = precompiledKey(schema, useDefaults)
    if (entries.has(key)) return
    const ajv = useDefaults ? inputs : outputs
    entries.set(key, standaloneCode.default(ajv, ajv.compile(schema)))
  }
  for (const tool of model.tools) {
    add(tool.inputSchema, true)
    if (tool.resultKind !== 'content') add(tool.outputSchema, false)
  }
  for (const template of model.resourceTemplates) add(template.inputSchema, true)
  for (const prompt of model.prompts) if (prompt.method) add(prompt.method.inputSchema, true)
  const factories = [...entries].map(
    ([key, code]) =>
      `  ${JSON.stringify(key)}: (require) => {\n    const module = { exports: {} }\n    ${code}\n    return module.exports\n  },`,
  )
  const text = [
    '// Written by `portico build`: the validators of the model, as Ajv standalone code.',
    `export const format = ${VALIDATORS_FORMAT}`,
    `export const ajv = ${JSON.stringify(ajvVersion())}`,
    'export const validators = {',
    ...factories,
    '}',
    '',
  ].join('\n')
  await writeFile(join(buildDir, validatorsFileName), text)
}
