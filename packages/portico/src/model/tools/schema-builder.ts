import ts from 'typescript'
import { defRef } from '../../core/def-ref.js'
import type { JsonSchema } from '../../core/json-schema.js'
import { PluginDefinitionError } from '../../core/plugin-definition-error.js'
import { assertKeywordsApply } from './assert-keywords-apply.js'
import { convertType } from './convert-type.js'
import { describeNamedType, type NamedType } from './describe-named-type.js'
import { hasIntegerTag, jsDocKeywords } from './jsdoc-keywords.js'
import type { NamedTypeRegistry } from './named-type-registry.js'
import { readJsDoc } from './read-jsdoc.js'
import { formatPath, type SchemaWalker, type TypeSite } from './schema-walker.js'
import { isInsideRoot, locateNode } from './source-location.js'
import { writtenAliases } from './written-type-node.js'

/** What one root schema (a tool's input or output, or a type of /types.json) is built for. */
export interface SchemaRootOptions {
  /** Names the root in error messages: `Notes_add input`. */
  label: string
  /** The tool whose schema this is; named types met are recorded as used by it. */
  toolId?: string
  /** Record the paths of `Date` values (inputs only). */
  recordDates: boolean
}

/** A root schema, with `$defs` for the recursive types it holds. */
export interface RootSchema {
  schema: JsonSchema
  datePaths: string[][]
}

interface RootState {
  options: SchemaRootOptions
  datePaths: Map<string, string[]>
  defs: Map<string, JsonSchema>
  /** Named types being inlined, outermost first: meeting one again means it is recursive. */
  inlining: string[]
  /**
   * The `$defs` entries being built, innermost last, each with the length of the path where it
   * was first met: a date inside one is recorded relative to it (its path has no finite end).
   */
  building: { ref: string; base: number }[]
  foundRecursion: boolean
}

/**
 * Turns checker types into JSON Schema. Named types are inlined, except recursive ones, which go
 * to the root's `$defs` and are referenced everywhere they occur. A type is known to be recursive
 * only once it is met inside itself, so a root that finds a new one is built again.
 */
export class SchemaBuilder implements SchemaWalker {
  readonly checker: ts.TypeChecker
  readonly #rootDir: string
  readonly #registry: NamedTypeRegistry
  readonly #recursive = new Set<string>()
  #state: RootState = newState({ label: '', recordDates: false })

  constructor(checker: ts.TypeChecker, rootDir: string, registry: NamedTypeRegistry) {
    this.checker = checker
    this.#rootDir = rootDir
    this.#registry = registry
  }

  buildRoot(type: ts.Type, site: TypeSite, options: SchemaRootOptions): RootSchema {
    for (;;) {
      this.#state = newState(options)
      const schema = this.toSchema(type, site)
      if (this.#state.foundRecursion) continue
      const { defs, datePaths } = this.#state
      return {
        schema: defs.size === 0 ? schema : { ...schema, $defs: Object.fromEntries(defs) },
        datePaths: [...datePaths.values()],
      }
    }
  }

  toSchema(type: ts.Type, site: TypeSite): JsonSchema {
    const described = describeNamedType(type, this.checker, this.#rootDir)
    if (described === undefined) return this.#primitiveToSchema(type, site)
    const state = this.#state
    const named = this.#registry.use(described, type, state.options.toolId)
    // a named type means the same wherever it is used: no @integer from the property
    // an alias's own declaration says the order of its union's members
    const typeNode = ts.isTypeAliasDeclaration(named.declaration) ? named.declaration : undefined
    const namedSite = { ...site, integer: false, typeNode }
    if (this.#recursive.has(named.name)) return this.#reference(named, type, namedSite)
    const cycleStart = state.inlining.indexOf(named.name)
    if (cycleStart !== -1) {
      for (const name of state.inlining.slice(cycleStart)) this.#recursive.add(name)
      state.foundRecursion = true
      return { $ref: defRef(named.name) }
    }
    state.inlining.push(named.name)
    try {
      return this.#describe(convertType(this, type, namedSite), named, site)
    } finally {
      state.inlining.pop()
    }
  }

  isInput(): boolean {
    return this.#state.options.recordDates
  }

  noteDate(site: TypeSite): void {
    const state = this.#state
    if (!state.options.recordDates) return
    const def = state.building.at(-1)
    const path = def === undefined ? [...site.path] : [def.ref, ...site.path.slice(def.base)]
    state.datePaths.set(path.join('\u0000'), path)
  }

  fail(site: TypeSite, problem: string): never {
    const path = formatPath(site.path)
    const where = path === '' ? this.#state.options.label : `${this.#state.options.label} "${path}"`
    throw new PluginDefinitionError(locateNode(this.#rootDir, site.node), `${where}: ${problem}`)
  }

  isPluginNode(node: ts.Node): boolean {
    return isInsideRoot(this.#rootDir, node.getSourceFile().fileName)
  }

  /**
   * A type that is not a named type by itself, such as `string`: named all the same when the site
   * writes an alias of it, whose JSDoc applies then (a property's own JSDoc, merged later, wins).
   */
  #primitiveToSchema(type: ts.Type, site: TypeSite): JsonSchema {
    const aliases = writtenAliases(this.checker, site.typeNode, type, (node) =>
      this.isPluginNode(node),
    )
    let keywords: JsonSchema = {}
    let integer = site.integer === true
    const checks: { own: JsonSchema; name: string; fail: (problem: string) => never }[] = []
    // the innermost alias first, so that an alias's own tags win over those of the one it names
    for (const declaration of aliases.reverse()) {
      const symbol = this.checker.getSymbolAtLocation(declaration.name)
      const doc = symbol === undefined ? { text: '', tags: [] } : readJsDoc(symbol, this.checker)
      const description = doc.text === '' ? {} : { description: doc.text }
      const named = { name: declaration.name.text, declaration, ...description }
      this.#registry.use(named, type, this.#state.options.toolId)
      const aliasSite = { node: declaration, path: site.path }
      const fail = (problem: string) => this.fail(aliasSite, problem)
      const own = jsDocKeywords(doc, fail)
      keywords = { ...keywords, ...own }
      integer ||= hasIntegerTag(doc)
      checks.push({ own, name: named.name, fail })
    }
    const schema = convertType(this, type, { ...site, integer })
    for (const { own, name, fail } of checks) assertKeywordsApply(schema, own, name, fail)
    return withTypeKeywords(schema, keywords)
  }

  /**
   * A named type's schema carries its JSDoc: the description, and the keywords an alias's tags
   * give (a property's own JSDoc, merged later, wins).
   */
  #describe(schema: JsonSchema, named: NamedType, site: TypeSite): JsonSchema {
    const { declaration } = named
    const description = named.description === undefined ? {} : { description: named.description }
    if (!ts.isTypeAliasDeclaration(declaration)) return withTypeKeywords(schema, description)
    const symbol = this.checker.getSymbolAtLocation(declaration.name)
    const doc = symbol === undefined ? { text: '', tags: [] } : readJsDoc(symbol, this.checker)
    const aliasSite = { node: declaration, path: site.path }
    const fail = (problem: string) => this.fail(aliasSite, problem)
    const keywords = jsDocKeywords(doc, fail)
    assertKeywordsApply(schema, keywords, named.name, fail)
    return withTypeKeywords(schema, { ...keywords, ...description })
  }

  #reference(named: NamedType, type: ts.Type, site: TypeSite): JsonSchema {
    const state = this.#state
    if (!state.defs.has(named.name)) {
      // the placeholder stops the type's references to itself from building it again
      state.defs.set(named.name, {})
      state.building.push({ ref: defRef(named.name), base: site.path.length })
      try {
        state.defs.set(named.name, this.#describe(convertType(this, type, site), named, site))
      } finally {
        state.building.pop()
      }
    }
    return { $ref: defRef(named.name) }
  }
}

/** `keywords` added to `schema`, the description first; the schema's own description stays. */
function withTypeKeywords(schema: JsonSchema, keywords: JsonSchema): JsonSchema {
  const { description, ...constraints } = keywords
  const described = description === undefined || schema.description !== undefined
  return { ...(described ? {} : { description }), ...schema, ...constraints }
}

function newState(options: SchemaRootOptions): RootState {
  return {
    options,
    datePaths: new Map(),
    defs: new Map(),
    inlining: [],
    building: [],
    foundRecursion: false,
  }
}
