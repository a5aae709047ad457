import type { DefinitionLocation } from '../../core/plugin-definition-error.js'
import { PluginDefinitionError } from '../../core/plugin-definition-error.js'
import type { JsDocTag } from './js-doc.js'

/** The JSDoc tag of the scopes a call needs: `@scope notes:write [more…]`. */
export const SCOPE_TAG = 'scope'

/** RFC 6749 §3.3 scope-token: %x21 / %x23-5B / %x5D-7E, one or more. */
const SCOPE_TOKEN = /^[\x21\x23-\x5b\x5d-\x7e]+$/

/**
 * The scopes of every `@scope` tag among `tags`, in order and deduplicated; `undefined` when
 * there is none. A name that is no RFC 6749 scope-token, or a tag without a name, is a
 * {@link PluginDefinitionError} at `where`.
 */
export function readScopeTags(
  tags: readonly JsDocTag[],
  where: DefinitionLocation,
  owner: string,
): string[] | undefined {
  const scoped = tags.filter((tag) => tag.name === SCOPE_TAG)
  if (scoped.length === 0) return undefined
  const scopes: string[] = []
  for (const tag of scoped) {
    const names = tag.text.split(/\s+/).filter((name) => name !== '')
    if (names.length === 0) {
      throw new PluginDefinitionError(
        where,
        `${owner}: @scope needs one or more scope names, as in @scope notes:write`,
      )
    }
    for (const name of names) {
      if (!SCOPE_TOKEN.test(name)) {
        throw new PluginDefinitionError(
          where,
          `${owner}: @scope "${name}" is not a scope name: RFC 6749 allows printable ASCII without space, " and \\`,
        )
      }
      if (!scopes.includes(name)) scopes.push(name)
    }
  }
  return scopes
}

/** The class's scopes, then the method's own: a method's tag adds to its class's. */
export function mergeScopes(
  classScopes: readonly string[] | undefined,
  own: readonly string[] | undefined,
): string[] | undefined {
  if (classScopes === undefined && own === undefined) return undefined
  return [...new Set([...(classScopes ?? []), ...(own ?? [])])]
}
