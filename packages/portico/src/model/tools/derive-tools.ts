import path from 'node:path'
import type ts from 'typescript'
import { DefinitionErrorList } from '../../core/definition-error-list.js'
import { PluginDefinitionError } from '../../core/plugin-definition-error.js'
import type {
  NamedTypeDefinition,
  PromptMethodDefinition,
  ResourceTemplateDefinition,
  ToolClassDefinition,
  ToolDefinition,
} from '../plugin-model.js'
import { assertCompiles } from './assert-compiles.js'
import { createToolsProgram } from './create-tools-program.js'
import { derivePromptMethod, PROMPT_TAG } from './derive-prompt-method.js'
import { deriveResourceTemplate, RESOURCE_TAG } from './derive-resource-template.js'
import { deriveTool } from './derive-tool.js'
import { findToolClasses, type ToolClassSource } from './find-tool-classes.js'
import { compareText, NamedTypeRegistry, type SharedNames } from './named-type-registry.js'
import { readJsDoc } from './read-jsdoc.js'
import { mergeScopes, readScopeTags } from './read-scope-tags.js'
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
  /** The methods tagged `@resource`, which are not tools; in the same order. */
  resourceTemplates: ResourceTemplateDefinition[]
  /** The methods tagged `@prompt`, which are not tools either; in the same order. */
  prompts: PromptMethodDefinition[]
  /** Every named type the tools use, sorted by name (for `/types.json`). */
  types: NamedTypeDefinition[]
}

/**
 * Derives tools from the plugin's plain TypeScript with one compiler program: every exported
 * class of a tool file is a tool class, every public method a tool, unless its JSDoc has
 * `@resource <uri-template>`, which makes it a resource template, or `@prompt`, which makes it
 * a prompt. Schemas come from parameter and awaited return types, descriptions and annotations
 * from JSDoc.
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

  // Each file, then each method, is derived even after a mistake, so all are reported at once.
  const errors = new DefinitionErrorList()
  const classes: ToolClassEntry[] = []
  for (const file of options.files) {
    const sourceFile = program.getSourceFile(path.resolve(rootDir, file))
    if (sourceFile === undefined) continue
    const relative = relativeFile(rootDir, sourceFile.fileName)
    for (const source of findToolClasses(checker, sourceFile, rootDir, errors)) {
      classes.push({ source, file: relative })
    }
  }
  // a class several tool files export under one name (declared in one, re-exported by others)
  // is one tool class, kept where it is declared, else in the first file
  const declaredIn = (entry: ToolClassEntry) =>
    relativeFile(rootDir, entry.source.declaration.getSourceFile().fileName) === entry.file ? 0 : 1
  classes.sort(
    (a, b) =>
      compareText(a.source.name, b.source.name) ||
      declaredIn(a) - declaredIn(b) ||
      compareText(a.file, b.file),
  )

  // a name that types of different files share is known only once both are met: derive again
  // with every such name known, so each goes by its file everywhere
  let shared: SharedNames = new Map()
  for (;;) {
    const registry = new NamedTypeRegistry(rootDir, shared)
    const derived = deriveClasses({ checker, rootDir, registry, errors }, classes)
    const found = registry.sharedNames()
    if (found.size === 0) return derived
    shared = new Map([...shared, ...found])
  }
}

interface ToolClassEntry {
  source: ToolClassSource
  /** The tool file that exports it. */
  file: string
}

function deriveClasses(
  context: {
    checker: ts.TypeChecker
    rootDir: string
    registry: NamedTypeRegistry
    errors: DefinitionErrorList
  },
  classes: readonly ToolClassEntry[],
): DerivedTools {
  const { checker, rootDir, registry, errors } = context
  const builder = new SchemaBuilder(checker, rootDir, registry)
  const ids = new ToolIdRegistry()
  const toolClasses: ToolClassDefinition[] = []
  const tools: ToolDefinition[] = []
  const resourceTemplates: ResourceTemplateDefinition[] = []
  const prompts: PromptMethodDefinition[] = []
  for (const [index, { source, file }] of classes.entries()) {
    const previous = classes[index - 1]?.source
    if (previous?.name === source.name && previous.declaration === source.declaration) continue
    const toolIds: string[] = []
    const symbol = source.declaration.name && checker.getSymbolAtLocation(source.declaration.name)
    const classDoc = symbol ? readJsDoc(symbol, checker) : { text: '', tags: [] }
    const classScopes = errors.run(() =>
      readScopeTags(
        classDoc.tags,
        locateNode(rootDir, source.declaration.name ?? source.declaration),
        source.name,
      ),
    )
    for (const method of source.methods) {
      errors.run(() => {
        const methodSymbol = checker.getSymbolAtLocation(method.nameNode)
        const doc = methodSymbol && readJsDoc(methodSymbol, checker)
        const at = locateNode(rootDir, method.nameNode)
        const id = toolIdOf(source.name, method.name, doc?.tags ?? [], at)
        ids.add(id, at)
        const isTemplate = doc?.tags.some((tag) => tag.name === RESOURCE_TAG) === true
        const isPrompt = doc?.tags.some((tag) => tag.name === PROMPT_TAG) === true
        const derive = { checker, rootDir, builder }
        const own = readScopeTags(doc?.tags ?? [], at, id)
        const scopes = mergeScopes(classScopes, own)
        const scoped = scopes === undefined ? {} : { scopes }
        if (isTemplate && isPrompt) {
          throw new PluginDefinitionError(
            at,
            `${id}: a method is a resource template (@resource) or a prompt (@prompt), not both`,
          )
        }
        if (doc && isTemplate) {
          const template = deriveResourceTemplate(derive, id, source.name, method, doc)
          resourceTemplates.push({ ...template, ...scoped })
        } else if (isPrompt) {
          prompts.push({ ...derivePromptMethod(derive, id, source.name, method), ...scoped })
        } else {
          tools.push({ ...deriveTool(derive, id, source.name, method), ...scoped })
          toolIds.push(id)
        }
      })
    }
    const description = classDoc.text
    toolClasses.push({
      name: source.name,
      ...(description === '' ? {} : { description }),
      file,
      toolIds,
    })
  }

  errors.throwIfAny()
  const types = registry.list().map((use): NamedTypeDefinition => {
    const { schema } = builder.buildRoot(
      use.type,
      { node: use.declaration, path: [], typeNode: use.declaration },
      { label: `type ${use.name}`, recordDates: false },
    )
    return {
      name: use.name,
      schema,
      source: sourceLocationOf(rootDir, use.declaration),
      usedBy: [...use.usedBy].sort(compareText),
    }
  })
  return { toolClasses, tools, resourceTemplates, prompts, types }
}
