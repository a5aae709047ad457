import type ts from 'typescript'
import { formatLocation, PluginDefinitionError } from '../../core/plugin-definition-error.js'
import type { NamedType } from './describe-named-type.js'
import { locateNode, relativeFile } from './source-location.js'

/** A named type reached from the tools, with the ids of the tools that use it. */
export interface NamedTypeUse extends NamedType {
  type: ts.Type
  usedBy: Set<string>
}

/** Names that different types share, each with the files (relative) that declare one. */
export type SharedNames = ReadonlyMap<string, readonly string[]>

/**
 * The named types the tools use, keyed by the name they go by. A name that types of different
 * files share goes by the declaring file (`notes.Options`, `other.Options`): the registry of one
 * derivation records such names, and the next derivation is given them (see {@link sharedNames}).
 */
export class NamedTypeRegistry {
  readonly #rootDir: string
  readonly #shared: SharedNames
  readonly #uses = new Map<string, NamedTypeUse>()
  readonly #found = new Map<string, Set<string>>()

  constructor(rootDir: string, shared: SharedNames = new Map()) {
    this.#rootDir = rootDir
    this.#shared = shared
  }

  /** Records that tool `toolId` (if any) uses `named`; returns it under the name it goes by. */
  use(named: NamedType, type: ts.Type, toolId: string | undefined): NamedType {
    const file = relativeFile(this.#rootDir, named.declaration.getSourceFile().fileName)
    const files = this.#shared.get(named.name)
    const renamed =
      files === undefined ? named : { ...named, name: qualify(named.name, file, files) }
    let entry = this.#uses.get(renamed.name)
    if (entry === undefined) {
      entry = { ...renamed, type, usedBy: new Set() }
      this.#uses.set(renamed.name, entry)
    } else if (entry.declaration !== renamed.declaration) {
      const other = entry.declaration
      const otherFile = relativeFile(this.#rootDir, other.getSourceFile().fileName)
      if (files !== undefined || otherFile === file) {
        // qualified already, or both in one file: no file name tells them apart
        throw new PluginDefinitionError(
          locateNode(this.#rootDir, renamed.declaration),
          `two different types used by the tools are named "${renamed.name}" (the other is at ${formatLocation(locateNode(this.#rootDir, other))}); rename one, since /types.json and $defs list types by name`,
        )
      }
      const found = this.#found.get(named.name) ?? new Set()
      this.#found.set(named.name, found.add(otherFile).add(file))
    }
    if (toolId !== undefined) entry.usedBy.add(toolId)
    return renamed
  }

  /** The names found shared in this derivation and not known before, with their files. */
  sharedNames(): Map<string, string[]> {
    return new Map([...this.#found].map(([name, files]) => [name, [...files].sort(compareText)]))
  }

  /** Every type recorded so far, sorted by name. */
  list(): NamedTypeUse[] {
    return [...this.#uses.values()].sort((a, b) => compareText(a.name, b.name))
  }
}

/**
 * `name` prefixed by the shortest tail of `file`'s path (no extension, `/` as `.`) that no other
 * file in `files` ends with: `tools/notes.ts` gives `notes.Options`. Component names of OpenAPI
 * allow letters, digits, `.`, `_` and `-`; other characters of a path become `_`.
 */
function qualify(name: string, file: string, files: readonly string[]): string {
  const segments = pathSegments(file)
  const others = files.filter((other) => other !== file).map(pathSegments)
  let count = 1
  const tail = (parts: string[]) => parts.slice(-count).join('.')
  while (count < segments.length && others.some((other) => tail(other) === tail(segments))) {
    count += 1
  }
  return `${tail(segments)}.${name}`
}

function pathSegments(file: string): string[] {
  return file
    .replace(/\.[cm]?tsx?$/, '')
    .split('/')
    .map((segment) => segment.replace(/[^a-zA-Z0-9_-]/g, '_'))
}

/** Code-point order, the same on every machine and locale. */
export function compareText(a: string, b: string): number {
  if (a === b) return 0
  return a < b ? -1 : 1
}
