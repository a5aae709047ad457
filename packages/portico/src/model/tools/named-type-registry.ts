import type ts from 'typescript'
import { formatLocation, PluginDefinitionError } from '../../core/plugin-definition-error.js'
import type { NamedType } from './describe-named-type.js'
import { locateNode } from './source-location.js'

/** A named type reached from the tools, with the ids of the tools that use it. */
export interface NamedTypeUse extends NamedType {
  type: ts.Type
  usedBy: Set<string>
}

/** The named types the tools use, keyed by name; two different types may not share a name. */
export class NamedTypeRegistry {
  readonly #rootDir: string
  readonly #uses = new Map<string, NamedTypeUse>()

  constructor(rootDir: string) {
    this.#rootDir = rootDir
  }

  /** Records that tool `toolId` (if any) uses `named`. */
  use(named: NamedType, type: ts.Type, toolId: string | undefined): void {
    let entry = this.#uses.get(named.name)
    if (entry === undefined) {
      entry = { ...named, type, usedBy: new Set() }
      this.#uses.set(named.name, entry)
    } else if (entry.declaration !== named.declaration) {
      const first = formatLocation(locateNode(this.#rootDir, entry.declaration))
      throw new PluginDefinitionError(
        locateNode(this.#rootDir, named.declaration),
        `two different types used by the tools are named "${named.name}" (the other is at ${first}); rename one, since /types.json and $defs list types by name`,
      )
    }
    if (toolId !== undefined) entry.usedBy.add(toolId)
  }

  /** Every type recorded so far, sorted by name. */
  list(): NamedTypeUse[] {
    return [...this.#uses.values()].sort((a, b) => compareText(a.name, b.name))
  }
}

/** Code-point order, the same on every machine and locale. */
export function compareText(a: string, b: string): number {
  if (a === b) return 0
  return a < b ? -1 : 1
}
