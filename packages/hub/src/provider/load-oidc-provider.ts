/** The `oidc-provider` module: the `Provider` class, its errors and its interaction policy. */
export type OidcProviderModule = typeof import('oidc-provider')

let loading: Promise<OidcProviderModule> | undefined

/**
 * Imports `oidc-provider` once. On import it warns that Node 20 is an unsupported runtime
 * (everything the hub uses works there); that notice is dropped while the module loads, and
 * nothing else is touched. The hub overrides every default that would print a notice later.
 */
export function loadOidcProvider(): Promise<OidcProviderModule> {
  loading ??= importQuietly()
  return loading
}

async function importQuietly(): Promise<OidcProviderModule> {
  // The hub never prints: it only filters this one notice, and only while the import runs.
  const terminal = console
  const warn = terminal.warn
  terminal.warn = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith('oidc-provider ')) return
    warn(...args)
  }
  try {
    return await import('oidc-provider')
  } finally {
    terminal.warn = warn
  }
}
