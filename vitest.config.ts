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
 * - `alone`: the suites that judge a server under load or against its own time limits. They run
 *   last, one file at a time, with the machine to themselves.
 *
 * The first four share the machine: two files at a time. Most of a file's time is spent waiting
 * for a process it started (a server, the CLI, Chromium, npm), so a second file uses the core the
 * first leaves idle; on two cores this takes the suite from about 15 to about 10 minutes.
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

/** The suites that load a server or hold it to its own limits: `alone` runs them. */
const aloneTests = [
  'packages/portico/test/reliability/overload.test.ts',
  'packages/portico/test/reliability/server-limits.test.ts',
  'packages/portico/test/reliability/dev-timeouts.test.ts',
  'packages/portico/test/scale/lost-calls.test.ts',
  'packages/portico/test/scale/rolling-stops.test.ts',
]

/** Files at a time in the shared projects; every shared project must say the same. */
const sharedWorkers = 2

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
          maxWorkers: sharedWorkers,
          testTimeout: 2 * minute,
          hookTimeout: 2 * minute,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['packages/*/test/**/*.test.ts'],
          exclude: [...browserTests, ...externalTests, ...aloneTests],
          maxWorkers: sharedWorkers,
          testTimeout: 10 * minute,
          hookTimeout: 10 * minute,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: browserTests,
          maxWorkers: sharedWorkers,
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
          maxWorkers: sharedWorkers,
          testTimeout: 15 * minute,
          hookTimeout: 15 * minute,
        },
      },
      {
        extends: true,
        test: {
          name: 'alone',
          include: aloneTests,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
          testTimeout: 10 * minute,
          hookTimeout: 10 * minute,
        },
      },
    ],
  },
})
