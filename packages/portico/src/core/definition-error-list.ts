import { capErrorLines } from './cap-error-lines.js'
import { formatLocation, PluginDefinitionError } from './plugin-definition-error.js'

/**
 * Collects the definition mistakes of independent steps (one per tool method, one per tool
 * file), so a plugin with several reports them all at once instead of one per fix and reload.
 *
 * @example
 * const errors = new DefinitionErrorList()
 * for (const method of methods) errors.run(() => deriveTool(method))
 * errors.throwIfAny()
 */
export class DefinitionErrorList {
  readonly #errors: PluginDefinitionError[] = []

  /** Runs `step`; a definition error it throws is kept (and `undefined` returned), any other thrown. */
  run<T>(step: () => T): T | undefined {
    try {
      return step()
    } catch (error) {
      if (!(error instanceof PluginDefinitionError)) throw error
      this.#errors.push(error)
      return undefined
    }
  }

  /**
   * Throws the one error kept, or one that heads with the first (in file and line order) and
   * lists the others, one per line, as `file:line:column: message` (capped, then counted).
   */
  throwIfAny(): void {
    const sorted = [...this.#errors].sort(
      (a, b) =>
        a.location.file.localeCompare(b.location.file) ||
        (a.location.line ?? 0) - (b.location.line ?? 0) ||
        (a.location.column ?? 0) - (b.location.column ?? 0),
    )
    const [first, ...rest] = sorted
    if (first === undefined) return
    if (rest.length === 0) throw first
    const own = first.message.slice(formatLocation(first.location).length + 2)
    throw new PluginDefinitionError(
      first.location,
      capErrorLines([
        `${own} (first of ${sorted.length} mistakes; the others follow)`,
        ...rest.map((error) => error.message),
      ]),
    )
  }
}
