import { CliError } from './cli-error.js'

/**
 * The `catch` of `import('@portico/hub')`. `portico` names the hub as an optional peer
 * dependency: a production install of a plugin does not need it (nor its oidc-provider and koa),
 * so it is installed only by those who run it. When it is not installed, the error says why it
 * is needed (`reason`) and how to add it; any other failure (one of the hub's own dependencies
 * missing, say) passes unchanged.
 *
 * @example
 * const { startHub } = await import('@portico/hub').catch(hubMissing('"portico hub" runs it'))
 */
export function hubMissing(reason: string): (error: unknown) => never {
  return (error) => {
    if (isHubNotFound(error)) {
      throw new CliError(
        `The Portico hub is not installed (it is the package @portico/hub, apart from portico); ${reason}. Install it with "npm install --save-dev @portico/hub"`,
      )
    }
    throw error
  }
}

/** Whether `error` says that `@portico/hub` itself cannot be found (not one of its imports). */
function isHubNotFound(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown }
  return (
    code === 'ERR_MODULE_NOT_FOUND' &&
    typeof message === 'string' &&
    message.includes("'@portico/hub'")
  )
}
