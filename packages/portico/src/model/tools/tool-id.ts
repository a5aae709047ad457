import {
  type DefinitionLocation,
  formatLocation,
  PluginDefinitionError,
} from '../../core/plugin-definition-error.js'
import type { JsDocTag } from './js-doc.js'

/** What MCP allows as a tool name. */
const TOOL_ID_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/

/** The JSDoc tag that names a method's id itself: `@name greet`. */
export const NAME_TAG = 'name'

/**
 * A method's id: the text of its `@name` tag, else `<Class>_<method>`. An empty `@name` is an
 * error at the method, not a silent fallback to the default.
 */
export function toolIdOf(
  className: string,
  methodName: string,
  tags: readonly JsDocTag[],
  location: DefinitionLocation,
): string {
  const named = tags.find((tag) => tag.name === NAME_TAG)
  if (named === undefined) return `${className}_${methodName}`
  const name = named.text.trim()
  if (name === '') {
    throw new PluginDefinitionError(
      location,
      `${className}.${methodName}: @${NAME_TAG} needs the id to use, e.g. @${NAME_TAG} ${methodName}`,
    )
  }
  return name
}

/** Checks that each tool id is well formed and used once, naming both places on a clash. */
export class ToolIdRegistry {
  readonly #seen = new Map<string, DefinitionLocation>()

  add(id: string, location: DefinitionLocation): void {
    if (!TOOL_ID_PATTERN.test(id)) {
      const problem =
        id.length > 64
          ? `is ${id.length} characters long; shorten the class or method name, or its @${NAME_TAG}`
          : `may only hold letters, digits, "_" and "-"; rename the class or method, or its @${NAME_TAG}`
      throw new PluginDefinitionError(
        location,
        `tool id "${id}" ${problem} (ids are <Class>_<method> or the method's @${NAME_TAG}, and must match ${TOOL_ID_PATTERN.source})`,
      )
    }
    const first = this.#seen.get(id)
    if (first !== undefined) {
      throw new PluginDefinitionError(
        location,
        `tool id "${id}" is also defined at ${formatLocation(first)}; two tools cannot share an id, so rename one of the classes or methods, or change a @${NAME_TAG}`,
      )
    }
    this.#seen.set(id, location)
  }
}
