import {
  type DefinitionLocation,
  formatLocation,
  PluginDefinitionError,
} from '../../core/plugin-definition-error.js'

/** What MCP allows as a tool name. */
const TOOL_ID_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/

/** `<Class>_<method>`. */
export function toolIdOf(className: string, methodName: string): string {
  return `${className}_${methodName}`
}

/** Checks that each tool id is well formed and used once, naming both places on a clash. */
export class ToolIdRegistry {
  readonly #seen = new Map<string, DefinitionLocation>()

  add(id: string, location: DefinitionLocation): void {
    if (!TOOL_ID_PATTERN.test(id)) {
      const problem =
        id.length > 64
          ? `is ${id.length} characters long; shorten the class or method name`
          : 'may only hold letters, digits, "_" and "-"; rename the class or method'
      throw new PluginDefinitionError(
        location,
        `tool id "${id}" ${problem} (ids are <Class>_<method> and must match ${TOOL_ID_PATTERN.source})`,
      )
    }
    const first = this.#seen.get(id)
    if (first !== undefined) {
      throw new PluginDefinitionError(
        location,
        `tool id "${id}" is also defined at ${formatLocation(first)}; two tools cannot share an id, so rename one of the classes or methods`,
      )
    }
    this.#seen.set(id, location)
  }
}
