import { mkdir } from 'node:fs/promises'
import { resolve } from 'node:path'
import { type Browser, chromium, type Page } from 'playwright-core'

/** Debian's Chromium, which `.ci/run` installs (`apt-get install chromium`). */
const CHROMIUM = '/usr/bin/chromium'

/** Where the browser tests write their screenshots (git-ignored). */
export const SCREENSHOT_DIR = resolve(import.meta.dirname, '../../../../test-results/docs-site')

/** Starts headless Chromium as every browser test does. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking'],
  })
}

/** A page and what it did that a test refuses: console errors, requests off its origin. */
export interface WatchedPage {
  page: Page
  consoleErrors: string[]
  offOrigin: string[]
  close(): Promise<void>
}

/** Options of {@link openWatchedPage}. */
export interface WatchedPageOptions {
  width?: number
  colorScheme?: 'light' | 'dark'
}

/**
 * A new page (its own context: fresh storage) at `width` (default 1280) that records every
 * console error, uncaught exception and request to another origin than `origin`.
 */
export async function openWatchedPage(
  browser: Browser,
  origin: string,
  options: WatchedPageOptions = {},
): Promise<WatchedPage> {
  const width = options.width ?? 1280
  const context = await browser.newContext({
    viewport: { width, height: width < 600 ? 844 : 900 },
    colorScheme: options.colorScheme ?? 'light',
  })
  const page = await context.newPage()
  const consoleErrors: string[] = []
  const offOrigin: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text())
  })
  page.on('pageerror', (error) => consoleErrors.push(error.message))
  page.on('request', (request) => {
    const url = request.url()
    if (/^(data|blob|about):/.test(url)) return
    if (new URL(url).origin !== origin) offOrigin.push(url)
  })
  return { page, consoleErrors, offOrigin, close: () => context.close() }
}

/** Saves a full-page screenshot as `<name>.png` in {@link SCREENSHOT_DIR}. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true })
  await page.screenshot({ path: resolve(SCREENSHOT_DIR, `${name}.png`), fullPage: true })
}
