import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { fillPlaceholders } from './fill-placeholders.js'
import { listFiles } from './list-files.js'
import { type PackageIdentity, rewritePackageJson } from './rewrite-package-json.js'

/** What to scaffold where. */
export interface ScaffoldOptions extends PackageIdentity {
  templateDir: string
  targetDir: string
  /** The display title, for the template's placeholders. */
  title: string
}

// npm drops `.gitignore` from published tarballs, so templates keep it as `gitignore`.
const renamed: Readonly<Record<string, string>> = { gitignore: '.gitignore' }

/**
 * Copies the template into `targetDir`, which must be missing or empty. Every file is prepared
 * before the first is written, so a broken template writes nothing; each write fails rather than
 * replace a file.
 */
export async function scaffold(options: ScaffoldOptions): Promise<void> {
  const planned = await Promise.all(
    (await listFiles(options.templateDir)).map(async (file) => ({
      path: outputPath(file),
      content: await render(file, options),
    })),
  )
  for (const { path, content } of planned) {
    const target = join(options.targetDir, path)
    await mkdir(dirname(target), { recursive: true })
    await writeFile(target, content, { flag: 'wx' })
  }
}

function outputPath(file: string): string {
  const name = renamed[basename(file)]
  return name === undefined ? file : join(dirname(file), name)
}

async function render(file: string, options: ScaffoldOptions): Promise<Buffer | string> {
  const bytes = await readFile(join(options.templateDir, file))
  if (file === 'package.json') {
    const manifest: unknown = JSON.parse(bytes.toString('utf8'))
    if (typeof manifest !== 'object' || manifest === null || Array.isArray(manifest)) {
      throw new Error(`${join(options.templateDir, file)} is not a JSON object`)
    }
    const rewritten = rewritePackageJson(manifest as Record<string, unknown>, options)
    return `${JSON.stringify(rewritten, null, 2)}\n`
  }
  return fillPlaceholders(bytes, { name: options.name, title: options.title })
}
