import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'packages/*/test/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    allowOnly: false,
    globalSetup: ['packages/portico/test/global-setup.ts'],
  },
})
