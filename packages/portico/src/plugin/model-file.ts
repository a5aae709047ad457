import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { PluginDefinitionError } from '../core/plugin-definition-error.js'
import type { PluginModel } from '../model/plugin-model.js'

/** Where `portico build` writes its output inside the plugin folder. */
export const buildFolderName = '.portico'

/** The built model inside the build folder. */
const modelFileName = 'model.json'

/** Writes the model as `portico build` leaves it for `portico start`. */
export async function writeModelFile(buildDir: string, model: PluginModel): Promise<void> {
  await writeFile(join(buildDir, modelFileName), `${JSON.stringify(model, null, 2)}\n`)
}

/** Reads a built model; the error says to run `portico build` when there is none. */
export async function readModelFile(buildDir: string): Promise<PluginModel> {
  const path = join(buildDir, modelFileName)
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch {
    throw new PluginDefinitionError({ file: path }, 'no built plugin; run "portico build" first')
  }
  const model = JSON.parse(text) as PluginModel
  if (model.formatVersion !== 4) {
    throw new PluginDefinitionError(
      { file: path },
      'written by another Portico version; run "portico build" again',
    )
  }
  return model
}
