import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { nestedNpmEnv } from '../support/nested-npm-env.js'

// Every published package says `"license": "MIT"`; MIT asks that its text ship with the code.

const exec = promisify(execFile)
const repoDir = resolve(import.meta.dirname, '../../../..')
const published = ['packages/portico', 'packages/create-portico', 'packages/hub']

async function mitText(dir: string): Promise<string> {
  return readFile(join(repoDir, dir, 'LICENSE'), 'utf8')
}

describe('LICENSE', () => {
  it('is the MIT licence of the Portico contributors at the root', async () => {
    const text = await mitText('.')
    expect(text.split('\n').slice(0, 3)).toEqual([
      'MIT License',
      '',
      'Copyright (c) 2026 Portico contributors',
    ])
    expect(text).toContain('Permission is hereby granted, free of charge, to any person obtaining')
    expect(text).toContain('THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND')
  })

  it.each(published)('ships in the tarball of %s, named in its files', async (dir) => {
    const manifest = JSON.parse(await readFile(join(repoDir, dir, 'package.json'), 'utf8'))
    expect(manifest.license).toBe('MIT')
    expect(manifest.files).toContain('LICENSE')
    expect(await mitText(dir)).toBe(await mitText('.'))
    // --ignore-scripts: the list without the build that prepack runs.
    const { stdout } = await exec('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      cwd: join(repoDir, dir),
      env: nestedNpmEnv(),
    })
    const [pack] = JSON.parse(stdout) as { files: { path: string }[] }[]
    expect(pack?.files.map((file) => file.path)).toContain('LICENSE')
  })
})
