/** A person as npm describes one: the `author` of `package.json`, parsed. */
export interface NpmPerson {
  name?: string
  email?: string
  url?: string
}

/**
 * Parses npm's person format, `Name <email> (url)`, each part optional, as npm itself does
 * (`normalize-package-data`): the name runs up to the first `<` or `(`.
 *
 * @example
 * parseNpmPerson('Ada <ada@example.com> (https://ada.dev)')
 * // { name: 'Ada', email: 'ada@example.com', url: 'https://ada.dev' }
 */
export function parseNpmPerson(person: string): NpmPerson {
  const name = /^([^(<]+)/.exec(person)?.[1]?.trim()
  const email = /<([^<>]+)>/.exec(person)?.[1]?.trim()
  const url = /\(([^()]+)\)/.exec(person)?.[1]?.trim()
  return {
    ...(name ? { name } : {}),
    ...(email ? { email } : {}),
    ...(url ? { url } : {}),
  }
}

/** Writes a person in npm's format, so an object `author` reads back the same through {@link parseNpmPerson}. */
export function formatNpmPerson(person: NpmPerson): string {
  return [person.name, person.email && `<${person.email}>`, person.url && `(${person.url})`]
    .filter(Boolean)
    .join(' ')
}
