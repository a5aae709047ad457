import path from 'node:path'
import { expect } from 'vitest'
import { PluginDefinitionError } from '../../src/core/plugin-definition-error.js'
import { findToolFiles } from '../../src/model/find-tool-files.js'
import { type DerivedTools, deriveTools } from '../../src/model/tools/derive-tools.js'
import { useTempPlugins } from './temp-plugins.js'

const porticoDir = path.resolve(import.meta.dirname, '../..')

/** Derives one tool file in a throwaway plugin that imports this repository's `portico`. */
export interface DeriveInTemp {
  derive(source: string): Promise<DerivedTools>
  /** The message of the definition error the source must raise. */
  deriveError(source: string): Promise<string>
}

/** Registers the temp plugins of the calling test file (see `useTempPlugins`). */
export function useDeriveInTemp(prefix: string): DeriveInTemp {
  const temp = useTempPlugins(prefix)
  const derive = async (source: string) => {
    const rootDir = await temp.plugin(
      { 'package.json': '{ "type": "module" }\n', 'tools/t.ts': source },
      { 'node_modules/portico': porticoDir },
    )
    return deriveTools({ rootDir, files: findToolFiles(rootDir) })
  }
  return {
    derive,
    async deriveError(source) {
      try {
        await derive(source)
      } catch (error) {
        expect(error).toBeInstanceOf(PluginDefinitionError)
        return (error as Error).message
      }
      throw new Error('the plugin derived without an error')
    },
  }
}
