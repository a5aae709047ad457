import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, openWatchedPage, screenshot } from '../support/browser.js'
import { type ExpiringLogin, logInAsAlice, startExpiringLogin } from '../support/expiring-login.js'

/**
 * An expired login in a real browser: the hub hands out access tokens that live a few seconds.
 * Once the token's `exp` passes the header says the login expired and offers Log in again; a
 * call's 401 says the same; Log in again tries `prompt=none` first, and since the test hub asks
 * who signs in on every authorization, that ends on its page, then back logged in.
 */

const TOOL_PAGE = '/#/tools/Me_whoami'
const TOKEN_SECONDS = 4

let login: ExpiringLogin
let browser: Browser

beforeAll(async () => {
  ;[login, browser] = await Promise.all([startExpiringLogin(TOKEN_SECONDS), launchBrowser()])
})

afterAll(async () => {
  await browser?.close()
  await login?.close()
})

describe('an expired docs-site login', () => {
  it('says the login expired, answers a 401 with Log in again, and logs in again', async () => {
    const { url } = login.plugin
    const watched = await openWatchedPage(browser, url)
    const { page } = watched
    const hubOrigin = new URL(login.hub.issuer).origin
    const hubVisits: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).origin === hubOrigin) hubVisits.push(request.url())
    })
    try {
      await logInAsAlice(page, login, TOOL_PAGE)
      await expect
        .poll(() => page.getByRole('button', { name: 'Authorized', exact: true }).count())
        .toBe(1)
      expect(await page.getByTestId('login-expired').count()).toBe(0)
      const first = await page.evaluate(() => sessionStorage.getItem('portico.accessToken'))

      // The token's exp passes: the header says so without a call or a reload.
      await expect
        .poll(() => page.getByTestId('login-expired').textContent(), {
          timeout: (TOKEN_SECONDS + 3) * 1000,
        })
        .toBe('Login expired')
      expect(await page.getByRole('button', { name: 'Authorized', exact: true }).count()).toBe(0)
      const again = page.locator('header').getByRole('link', { name: 'Log in again' })
      expect(await again.getAttribute('href')).toContain('prompt=none')

      // A call with the expired token: 401, and the answer points at Log in again.
      await page.getByTestId('try-it-raw').click()
      await page.getByTestId('try-it-json').fill('{}')
      await page.getByTestId('try-it-call').click()
      await expect.poll(() => page.getByTestId('try-it-status').textContent()).toContain('401')
      const notice = page.locator('.auth-notice')
      expect(await notice.textContent()).toContain('The login expired')
      expect(await notice.getByRole('link', { name: 'Log in again' }).count()).toBe(1)
      await screenshot(page, 'expired-login')

      // Log in again: prompt=none first; the test hub always asks, so its page comes.
      await again.click()
      await page.waitForURL(
        (target) => target.origin === hubOrigin && target.pathname.startsWith('/interaction/'),
      )
      expect(hubVisits.some((visit) => visit.includes('prompt=none'))).toBe(true)
      await page.locator('button[name="user"][value="alice"]').click()
      await page.waitForURL(`${url}${TOOL_PAGE}`)
      const second = await page.evaluate(() => sessionStorage.getItem('portico.accessToken'))
      expect(second).toMatch(/^ey/)
      expect(second).not.toBe(first)
      expect(await page.getByTestId('login-expired').count()).toBe(0)
      await page.getByTestId('try-it-raw').click()
      await page.getByTestId('try-it-json').fill('{}')
      await page.getByTestId('try-it-call').click()
      await expect.poll(() => page.getByTestId('try-it-status').textContent()).toContain('200')
      expect(watched.consoleErrors.filter((error) => !error.includes('401'))).toEqual([])
    } finally {
      await watched.close()
    }
  })
})
