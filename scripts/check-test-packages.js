#!/usr/bin/env node
/**
 * `npm test`'s first step: checks that the Debian packages the suites drive are installed and,
 * when one is not, prints ONE line naming what is missing and the command that installs it, then
 * exits 1, before the lint, build and type-check run.
 *
 * Usage: `node scripts/check-test-packages.js [root]`. `root` (default `/`) is the file-system
 * root the binaries are looked up under; the script's own test points it at a temporary folder.
 * `.ci/run` installs the same packages before it runs `npm test`.
 */
import { accessSync, constants } from 'node:fs'
import { join } from 'node:path'

/**
 * Each Debian package and the absolute path its suites start it from: the suites do not search
 * PATH (`/usr/sbin` is not on a normal user's PATH), so neither does this check.
 */
const requiredPackages = [
  { name: 'chromium', binary: '/usr/bin/chromium' },
  { name: 'redis-server', binary: '/usr/bin/redis-server' },
  { name: 'nginx', binary: '/usr/sbin/nginx' },
  // The docs site's Python snippet runs on Debian's own Python (its standard library only).
  { name: 'python3', binary: '/usr/bin/python3' },
]

/**
 * Whether `file` exists and is executable.
 * @param {string} file
 * @returns {boolean}
 */
function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK)
    return true
  } catch {
    return false
  }
}

const root = process.argv[2] ?? '/'
const missing = requiredPackages
  .filter(({ binary }) => !isExecutable(join(root, binary)))
  .map(({ name }) => name)

if (missing.length > 0) {
  const sudo = process.getuid?.() === 0 ? '' : 'sudo '
  const install = `${sudo}apt-get update && ${sudo}apt-get install -y ${missing.join(' ')}`
  process.stderr.write(
    `Missing: ${missing.join(', ')} (npm test drives them). Install: ${install}\n`,
  )
  process.exitCode = 1
}
