import { spawnSync } from 'node:child_process'
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

const script = resolve(import.meta.dirname, 'check-test-packages.js')
const roots: string[] = []

/** A fake file-system root holding an executable at each of `binaries` (absolute paths). */
async function makeRoot(binaries: string[]): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'portico-check-packages-'))
  roots.push(root)
  for (const binary of binaries) {
    const file = join(root, binary)
    await mkdir(dirname(file), { recursive: true })
    await writeFile(file, '#!/bin/sh\n')
    await chmod(file, 0o755)
  }
  return root
}

/** Runs the script as `npm test` does, looking for the binaries under `root`. */
function runCheck(root: string) {
  return spawnSync(process.execPath, [script, root], {
    encoding: 'utf8',
    env: { ...process.env, PATH: '' },
  })
}

/** The install command as the script words it for the user running the tests. */
function install(packages: string): string {
  const sudo = process.getuid?.() === 0 ? '' : 'sudo '
  return `Install: ${sudo}apt-get update && ${sudo}apt-get install -y ${packages}`
}

afterEach(async () => {
  await Promise.all(roots.splice(0).map((root) => rm(root, { recursive: true, force: true })))
})

describe('check-test-packages', () => {
  it('names every missing package and the install command in one line, exiting 1', async () => {
    const result = runCheck(await makeRoot([]))
    expect(result.status).toBe(1)
    expect(result.stdout).toBe('')
    expect(result.stderr).toBe(
      `Missing: chromium, redis-server, nginx, python3 (npm test drives them). ${install('chromium redis-server nginx python3')}\n`,
    )
  })

  it('names only what is missing', async () => {
    const result = runCheck(await makeRoot(['/usr/bin/chromium']))
    expect(result.status).toBe(1)
    expect(result.stderr).toBe(
      `Missing: redis-server, nginx, python3 (npm test drives them). ${install('redis-server nginx python3')}\n`,
    )
  })

  it('says nothing and exits 0 when the four are installed', async () => {
    const result = runCheck(
      await makeRoot([
        '/usr/bin/chromium',
        '/usr/bin/redis-server',
        '/usr/sbin/nginx',
        '/usr/bin/python3',
      ]),
    )
    expect(result.status).toBe(0)
    expect(result.stdout + result.stderr).toBe('')
  })

  it('counts a file that is not executable as missing', async () => {
    const root = await makeRoot([
      '/usr/bin/chromium',
      '/usr/bin/redis-server',
      '/usr/sbin/nginx',
      '/usr/bin/python3',
    ])
    await chmod(join(root, '/usr/sbin/nginx'), 0o644)
    expect(runCheck(root).stderr).toMatch(/^Missing: nginx /)
  })

  it('runs first in the root test script, before lint and build', async () => {
    const { default: pkg } = await import('../package.json', { with: { type: 'json' } })
    expect(pkg.scripts.test).toMatch(/^node scripts\/check-test-packages\.js && /)
  })
})
