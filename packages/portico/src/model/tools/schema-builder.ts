import type ts from 'typescript'
import type { JsonSchema } from '../../core/json-schema.js'
import { PluginDefinitionError } from '../../core/plugin-definition-error.js'
import { convertType } from './convert-type.js'
import { describeNamedType, type NamedType } from './describe-named-type.js'
import type { NamedTypeRegistry } from './named-type-registry.js'
import { formatPath, type SchemaWalker, type TypeSite } from './schema-walker.js'
import { isInsideRoot, locateNode } from './source-location.js'

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
  /** How many `$defs` entries are being built: dates inside them have no finite path. */
  defDepth: number
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
    if (described === undefined) return convertType(this, type, site)
    const state = this.#state
    const named = this.#registry.use(described, type, state.options.toolId)
    // a named type means the same wherever it is used: no @integer from the property
    const namedSite = { ...site, integer: false }
    if (this.#recursive.has(named.name)) return this.#reference(named, type, namedSite)
    const cycleStart = state.inlining.indexOf(named.name)
    if (cycleStart !== -1) {
      for (const name of state.inlining.slice(cycleStart)) this.#recursive.add(name)
      state.foundRecursion = true
      return { $ref: refTo(named.name) }
    }
    state.inlining.push(named.name)
    try {
      return describe(convertType(this, type, namedSite), named)
    } finally {
      state.inlining.pop()
    }
  }

  noteDate(site: TypeSite): void {
    const state = this.#state
    if (!state.options.recordDates) return
    if (state.defDepth > 0) {
      this.fail(site, 'a Date inside a recursive input type cannot be revived; use an ISO string')
    }
    state.datePaths.set(site.path.join('\u0000'), [...site.path])
  }

  fail(site: TypeSite, problem: string): never {
    const path = formatPath(site.path)
    const where = path === '' ? this.#state.options.label : `${this.#state.options.label} "${path}"`
    throw new PluginDefinitionError(locateNode(this.#rootDir, site.node), `${where}: ${problem}`)
  }

  isPluginNode(node: ts.Node): boolean {
    return isInsideRoot(this.#rootDir, node.getSourceFile().fileName)
  }

  #reference(named: NamedType, type: ts.Type, site: TypeSite): JsonSchema {
    const state = this.#state
    if (!state.defs.has(named.name)) {
      // the placeholder stops the type's references to itself from building it again
      state.defs.set(named.name, {})
      state.defDepth += 1
      try {
        state.defs.set(named.name, describe(convertType(this, type, site), named))
      } finally {
        state.defDepth -= 1
      }
    }
    return { $ref: refTo(named.name) }
  }
}

/** A named type's schema carries its JSDoc (a property's own JSDoc, merged later, wins). */
function describe(schema: JsonSchema, named: NamedType): JsonSchema {
  if (named.description === undefined || schema.description !== undefined) return schema
  return { description: named.description, ...schema }
}

function newState(options: SchemaRootOptions): RootState {
  return {
    options,
    datePaths: new Map(),
    defs: new Map(),
    inlining: [],
    defDepth: 0,
    foundRecursion: false,
  }
}

/** A JSON Pointer in a URI fragment: `Page<Note>` is written `Page%3CNote%3E`. */
function refTo(name: string): string {
  return `#/$defs/${encodeURIComponent(name.replaceAll('~', '~0').replaceAll('/', '~1'))}`
}
