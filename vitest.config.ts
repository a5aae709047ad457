import { defineConfig } from 'vitest/config'

/**
 * The suite's four rooms. Each project budgets its tests by the work they do, not by a clock a
 * quiet machine happens to meet: a test or hook may run up to its project's limit, and a test
 * that waits for something waits on the condition (`pollUntil`), so a loaded two-core machine is
 * slower but not red. No test file sets a tighter limit of its own.
 *
 * - `unit`: in-process tests next to the source, and the scripts' tests.
 * - `server`: real servers (the CLI, the hub, Redis, nginx, npm installs) over HTTP.
 * - `browser`: Debian's Chromium driving the docs site, the widgets and the login pages.
 * - `external`: the black-box tools pinned in `test/support/external-tools.ts` (Node 22, the MCP
 *   Inspector and conformance suite, Bun, Deno, workerd, Claude Code). Only this project installs
 *   them, in its own global setup, so `vitest run --project unit` starts at once.
 */

/** The suites that launch Chromium (`test/support/browser.ts`). */
const browserTests = [
  'packages/*/test/**/*-browser.test.ts',
  'packages/portico/test/auth/login-host-cookie.test.ts',
  'packages/portico/test/rest/anon-browser-origins.test.ts',
]

/** The suites that `inject('externalTools')`. */
const externalTests = [
  'packages/portico/test/mcp/conformance.test.ts',
  'packages/portico/test/mcp/inspector-cli.test.ts',
  'packages/portico/test/mcp/inspector-stdio.test.ts',
  'packages/portico/test/package/claude-code.test.ts',
  'packages/portico/test/runtimes/other-runtimes.test.ts',
]

const minute = 60_000

export default defineConfig({
  test: {
    allowOnly: false,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          testTimeout: 2 * minute,
          hookTimeout: 2 * minute,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['packages/*/test/**/*.test.ts'],
          exclude: [...browserTests, ...externalTests],
          testTimeout: 10 * minute,
          hookTimeout: 10 * minute,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: browserTests,
          testTimeout: 10 * minute,
          hookTimeout: 10 * minute,
        },
      },
      {
        extends: true,
        test: {
          name: 'external',
          include: externalTests,
          globalSetup: ['packages/portico/test/global-setup.ts'],
          testTimeout: 15 * minute,
          hookTimeout: 15 * minute,
        },
      },
    ],
  },
})
