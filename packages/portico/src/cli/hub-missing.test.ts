import { describe, expect, it } from 'vitest'
import { CliError } from './cli-error.js'
import { hubMissing } from './hub-missing.js'

/** What Node's ESM loader throws when a bare specifier names no installed package. */
async function notFound(specifier: string): Promise<unknown> {
  return import(/* @vite-ignore */ specifier).then(
    () => expect.unreachable(`${specifier} is installed`),
    (error: unknown) => error,
  )
}

describe('hubMissing', () => {
  it('says how to install the hub when @portico/hub itself is not installed', () => {
    // Node's own wording, as a failed import of a missing package gives it.
    const error = Object.assign(
      new Error(
        "Cannot find package '@portico/hub' imported from /app/node_modules/portico/dist/cli/hub-command.js",
      ),
      { code: 'ERR_MODULE_NOT_FOUND' },
    )
    const thrown = catchOf(() => hubMissing('"portico hub" runs it')(error))
    expect(thrown).toBeInstanceOf(CliError)
    expect((thrown as Error).message).toBe(
      'The Portico hub is not installed (it is the package @portico/hub, apart from portico); "portico hub" runs it. Install it with "npm install --save-dev @portico/hub"',
    )
  })

  it("matches Node's wording of a missing package", async () => {
    const error = (await notFound('@portico/not-installed')) as { code?: unknown; message: string }
    expect(error.code).toBe('ERR_MODULE_NOT_FOUND')
    expect(error.message).toContain("Cannot find package '@portico/not-installed' imported from")
  })

  it('passes on a failure inside the hub, such as one of its own dependencies missing', () => {
    const error = Object.assign(
      new Error(
        "Cannot find package 'oidc-provider' imported from /app/node_modules/@portico/hub/dist/provider/create-provider.js",
      ),
      { code: 'ERR_MODULE_NOT_FOUND' },
    )
    expect(catchOf(() => hubMissing('"portico hub" runs it')(error))).toBe(error)
    const other = new Error('boom')
    expect(catchOf(() => hubMissing('"portico hub" runs it')(other))).toBe(other)
  })
})

function catchOf(run: () => unknown): unknown {
  try {
    run()
  } catch (error) {
    return error
  }
  return expect.unreachable('nothing was thrown')
}
