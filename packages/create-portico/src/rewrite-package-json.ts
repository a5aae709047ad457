/** What every scaffold's package.json gets, whatever its template says. */
const scaffoldScripts = { typecheck: 'tsc --noEmit' } as const

/** The versions the Portico repository itself is checked with (a test keeps them in step). */
export const scaffoldDevDependencies = {
  typescript: '6.0.3',
  '@types/node': '20.19.43',
} as const

/** Who the scaffold is for. */
export interface PackageIdentity {
  /** The package name, from the folder's name. */
  name: string
  /** The `portico` version to depend on with `^`: create-portico's own. */
  porticoVersion: string
}

// A scaffold is a new package of its own: the template's name, version and author are not its.
const replacedKeys = new Set(['name', 'version', 'author'])

/**
 * A template's package.json made the user's: their name, version 0.1.0, no author, and the
 * `portico` dependency, TypeScript and the `typecheck` script. Other fields keep their order.
 */
export function rewritePackageJson(
  template: Record<string, unknown>,
  identity: PackageIdentity,
): Record<string, unknown> {
  const kept = Object.entries(template).filter(([key]) => !replacedKeys.has(key))
  const manifest: Record<string, unknown> = {
    name: identity.name,
    version: '0.1.0',
    ...Object.fromEntries(kept),
  }
  manifest.scripts = { ...recordAt(manifest, 'scripts'), ...scaffoldScripts }
  manifest.dependencies = {
    ...recordAt(manifest, 'dependencies'),
    portico: `^${identity.porticoVersion}`,
  }
  manifest.devDependencies = {
    ...recordAt(manifest, 'devDependencies'),
    ...scaffoldDevDependencies,
  }
  return manifest
}

function recordAt(manifest: Record<string, unknown>, key: string): Record<string, unknown> {
  const value = manifest[key]
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {}
}
