// Builds templates/notes from examples/notes, the example's single source of truth, so the
// package ships the example without a committed copy. Part of `npm run build`, so of `prepack`;
// silent on success, because `npm pack --json` prints its JSON on the same stdout.
//
// The result is a template like templates/minimal: a standalone tsconfig.json (the example's
// extends the repository's base, which a user does not have) and a `gitignore` (npm drops
// `.gitignore` from tarballs; the scaffolder renames it back). package.json is made the user's
// when scaffolding, because only then is the name known.
import { existsSync } from 'node:fs'
import { copyFile, cp, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { basename, join } from 'node:path'

const packageDir = join(import.meta.dirname, '..')
const exampleDir = join(packageDir, '../../examples/notes')
const minimalDir = join(packageDir, 'templates/minimal')
const notesDir = join(packageDir, 'templates/notes')
// What `portico dev` and `npm install` leave in the example: not part of it.
const skipped = new Set(['node_modules', '.portico', 'dist'])

if (!existsSync(join(exampleDir, 'package.json'))) {
  process.stderr.write(`prepare-templates: ${exampleDir} is missing; build from the repository\n`)
  process.exit(1)
}

await rm(notesDir, { recursive: true, force: true })
await cp(exampleDir, notesDir, {
  recursive: true,
  filter: (source) => !skipped.has(basename(source)),
})

// The minimal template's options, then the example's own (it needs `erasableSyntaxOnly: false`
// for its enum), and the example's include.
const minimalTsconfig = await readJson(join(minimalDir, 'tsconfig.json'))
const exampleTsconfig = await readJson(join(exampleDir, 'tsconfig.json'))
const { extends: _base, ...exampleOwn } = exampleTsconfig
const tsconfig = {
  ...minimalTsconfig,
  ...exampleOwn,
  compilerOptions: { ...minimalTsconfig.compilerOptions, ...exampleOwn.compilerOptions },
}
await writeFile(join(notesDir, 'tsconfig.json'), `${JSON.stringify(tsconfig, null, 2)}\n`)

if (existsSync(join(notesDir, '.gitignore'))) {
  await rename(join(notesDir, '.gitignore'), join(notesDir, 'gitignore'))
} else {
  await copyFile(join(minimalDir, 'gitignore'), join(notesDir, 'gitignore'))
}

async function readJson(path) {
  return JSON.parse(await readFile(path, 'utf8'))
}
