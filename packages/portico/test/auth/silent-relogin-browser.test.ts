import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, openWatchedPage } from '../support/browser.js'
import { type ExpiringLogin, logInAsAlice, startExpiringLogin } from '../support/expiring-login.js'

/**
 * A silent login again (issue 34, defect 1): with a hub that remembers who signed in
 * (`rememberSignIn`, as an identity provider with sessions does), Log in again after the docs
 * site's token expired is answered through `prompt=none` without any page of the hub: the browser
 * comes back to the same page with a new token, and a call succeeds, with no click on the hub.
 * expired-login-browser.test.ts covers the hub that asks every time (prompt=none refused).
 */

const TOOL_PAGE = '/#/tools/Me_whoami'
const TOKEN_SECONDS = 4

let login: ExpiringLogin
let browser: Browser

beforeAll(async () => {
  ;[login, browser] = await Promise.all([startExpiringLogin(TOKEN_SECONDS, true), launchBrowser()])
})

afterAll(async () => {
  await browser?.close()
  await login?.close()
})

describe('a silent login again', () => {
  it('renews an expired login through prompt=none without a page of the hub', async () => {
    const { url } = login.plugin
    const watched = await openWatchedPage(browser, url)
    const { page } = watched
    const hubOrigin = new URL(login.hub.issuer).origin
    const hubPages: string[] = []
    page.on('framenavigated', (frame) => {
      const at = new URL(frame.url())
      if (
        frame === page.mainFrame() &&
        at.origin === hubOrigin &&
        at.pathname.startsWith('/interaction/')
      ) {
        hubPages.push(at.pathname)
      }
    })
    const authorizations: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).origin === hubOrigin) authorizations.push(request.url())
    })
    try {
      await logInAsAlice(page, login, TOOL_PAGE)
      await expect
        .poll(() => page.getByRole('button', { name: 'Authorized', exact: true }).count())
        .toBe(1)
      // The first login shows the hub's page, once.
      expect(hubPages).toHaveLength(1)
      const first = await page.evaluate(() => sessionStorage.getItem('portico.accessToken'))

      await expect
        .poll(() => page.getByTestId('login-expired').textContent(), {
          timeout: (TOKEN_SECONDS + 3) * 1000,
        })
        .toBe('Login expired')
      authorizations.length = 0
      await page.locator('header').getByRole('link', { name: 'Log in again' }).click()
      await page.waitForURL(`${url}${TOOL_PAGE}`)
      await expect
        .poll(() => page.getByRole('button', { name: 'Authorized', exact: true }).count())
        .toBe(1)
      // Through the hub with prompt=none, and no page of it shown.
      expect(authorizations.some((visit) => visit.includes('prompt=none'))).toBe(true)
      expect(hubPages).toHaveLength(1)
      const second = await page.evaluate(() => sessionStorage.getItem('portico.accessToken'))
      expect(second).toMatch(/^ey/)
      expect(second).not.toBe(first)
      expect(await page.getByTestId('login-expired').count()).toBe(0)
      await page.getByTestId('try-it-raw').click()
      await page.getByTestId('try-it-json').fill('{}')
      await page.getByTestId('try-it-call').click()
      await expect.poll(() => page.getByTestId('try-it-status').textContent()).toContain('200')
      expect(await page.getByTestId('try-it-body').textContent()).toContain('alice')
      expect(watched.consoleErrors).toEqual([])
    } finally {
      await watched.close()
    }
  })
})
