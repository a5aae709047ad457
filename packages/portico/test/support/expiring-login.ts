import { createMemoryStore, type Hub, startHub } from '@portico/hub'
import type { Page } from 'playwright-core'
import { copyLoginExample } from './copy-login-example.js'
import { authSettingsFromEnv, type ServedPlugin, servePlugin } from './serve-plugin.js'

/** A hub whose access tokens live `tokenSeconds`, and the login example served against it. */
export interface ExpiringLogin {
  hub: Hub
  plugin: ServedPlugin
  close(): Promise<void>
}

/**
 * Starts a hub that hands out access tokens living `tokenSeconds` (and remembers who signed in
 * when `rememberSignIn`), and serves a copy of the login example against it with no clock
 * tolerance, so the server refuses a token the moment its `exp` passes.
 */
export async function startExpiringLogin(
  tokenSeconds: number,
  rememberSignIn = false,
): Promise<ExpiringLogin> {
  const hub = await startHub({
    port: 0,
    store: createMemoryStore(),
    accessTokenTtlSeconds: tokenSeconds,
    rememberSignIn,
  })
  let copy: Awaited<ReturnType<typeof copyLoginExample>> | undefined
  let plugin: ServedPlugin
  try {
    copy = await copyLoginExample()
    const auth = await authSettingsFromEnv(copy.dir, { OAUTH_ISSUER: hub.issuer })
    plugin = await servePlugin(copy.dir, { auth: { ...auth, clockToleranceSeconds: 0 } })
  } catch (error) {
    // What started is stopped again: a failed setup leaves no hub listening.
    await hub.close()
    await copy?.remove()
    throw error
  }
  const served = copy
  return {
    hub,
    plugin,
    async close() {
      await plugin.close()
      await hub.close()
      await served.remove()
    },
  }
}

/** Logs in from the docs site's `path` as alice on the hub's page, back on `path`. */
export async function logInAsAlice(page: Page, login: ExpiringLogin, path: string): Promise<void> {
  const { url } = login.plugin
  await page.goto(`${url}${path}`)
  await page.getByRole('link', { name: 'Log in', exact: true }).click()
  await page.waitForURL((target) => target.origin === new URL(login.hub.issuer).origin)
  await page.locator('button[name="user"][value="alice"]').click()
  await page.waitForURL(`${url}${path}`)
}
