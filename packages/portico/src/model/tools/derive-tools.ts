import path from 'node:path'
import type { NamedTypeDefinition, ToolClassDefinition, ToolDefinition } from '../plugin-model.js'
import { assertCompiles } from './assert-compiles.js'
import { createToolsProgram } from './create-tools-program.js'
import { deriveTool } from './derive-tool.js'
import { findToolClasses, type ToolClassSource } from './find-tool-classes.js'
import { compareText, NamedTypeRegistry } from './named-type-registry.js'
import { readJsDoc } from './read-jsdoc.js'
import { SchemaBuilder } from './schema-builder.js'
import { locateNode, relativeFile, sourceLocationOf } from './source-location.js'
import { ToolIdRegistry, toolIdOf } from './tool-id.js'

/** Options of {@link deriveTools}. */
export interface DeriveToolsOptions {
  /** The plugin folder; paths in the result are relative to it. */
  rootDir: string
  /** Absolute paths of the `tools/*.ts` files, in any order. */
  files: string[]
}

/** The tools of a plugin, as plain data for the plugin model. */
export interface DerivedTools {
  /** Sorted by name. */
  toolClasses: ToolClassDefinition[]
  /** In class order, then in source order within a class. */
  tools: ToolDefinition[]
  /** Every named type the tools use, sorted by name (for `/types.json`). */
  types: NamedTypeDefinition[]
}

/**
 * Derives tools from the plugin's plain TypeScript with one compiler program: every exported
 * class of a tool file is a tool class, every public method a tool. Schemas come from parameter
 * and awaited return types, descriptions and annotations from JSDoc.
 *
 * @throws {PluginDefinitionError} on a TypeScript error, an unsupported type, a bad parameter
 * list, or a malformed or duplicate tool id; the message names file:line and what is allowed.
 * @example
 * import { deriveTools } from './model/tools/derive-tools.js'
 * const { tools } = deriveTools({ rootDir, files: [join(rootDir, 'tools/notes.ts')] })
 */
export function deriveTools(options: DeriveToolsOptions): DerivedTools {
  const rootDir = path.resolve(options.rootDir)
  const program = createToolsProgram(rootDir, options.files)
  assertCompiles(program, rootDir)
  const checker = program.getTypeChecker()
  const registry = new NamedTypeRegistry(rootDir)
  const builder = new SchemaBuilder(checker, rootDir, registry)

  const classes: { source: ToolClassSource; file: string }[] = []
  for (const file of options.files) {
    const sourceFile = program.getSourceFile(path.resolve(rootDir, file))
    if (sourceFile === undefined) continue
    const relative = relativeFile(rootDir, sourceFile.fileName)
    for (const source of findToolClasses(checker, sourceFile, rootDir)) {
      classes.push({ source, file: relative })
    }
  }
  classes.sort((a, b) => compareText(a.source.name, b.source.name) || compareText(a.file, b.file))

  const ids = new ToolIdRegistry()
  const toolClasses: ToolClassDefinition[] = []
  const tools: ToolDefinition[] = []
  for (const { source, file } of classes) {
    const toolIds: string[] = []
    for (const method of source.methods) {
      const id = toolIdOf(source.name, method.name)
      ids.add(id, locateNode(rootDir, method.declaration.name))
      tools.push(deriveTool({ checker, rootDir, builder }, id, source.name, method))
      toolIds.push(id)
    }
    const symbol = source.declaration.name && checker.getSymbolAtLocation(source.declaration.name)
    const description = symbol ? readJsDoc(symbol, checker).text : ''
    toolClasses.push({
      name: source.name,
      ...(description === '' ? {} : { description }),
      file,
      toolIds,
    })
  }

  const types = registry.list().map((use): NamedTypeDefinition => {
    const { schema } = builder.buildRoot(
      use.type,
      { node: use.declaration, path: [] },
      { label: `type ${use.name}`, recordDates: false },
    )
    return {
      name: use.name,
      schema,
      source: sourceLocationOf(rootDir, use.declaration),
      usedBy: [...use.usedBy].sort(compareText),
    }
  })
  return { toolClasses, tools, types }
}
