import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * Where widgets load the runtime from, under `/widget-assets/` (the asset rule's
 * `WIDGET_RUNTIME_URL`): reserved, a `public/_portico/widget.js` is never served.
 */
export const WIDGET_RUNTIME_ASSET = '_portico/widget.js'

/** The bundle `npm run build` writes (`packages/portico/dist/widget-runtime.js`). */
export const WIDGET_RUNTIME_FILE = fileURLToPath(
  new URL('../../../dist/widget-runtime.js', import.meta.url),
)

/**
 * The runtime's entry: the TypeScript source in the repository, else (a published package has no
 * `src/`) the compiled module. This file is `src/…` or `dist/…` three folders down either way.
 */
function runtimeEntry(): string {
  const source = fileURLToPath(new URL('../../../src/widget/index.ts', import.meta.url))
  return existsSync(source)
    ? source
    : fileURLToPath(new URL('../../../dist/widget/index.js', import.meta.url))
}

/**
 * Bundles the widget runtime for browsers: one minified ES module with
 * `@modelcontextprotocol/ext-apps` and what it needs inside, and of Zod's error messages only
 * the English ones (nothing in the bundle asks for another locale; they are 40% of its size).
 * `console.debug` and `console.log` calls are dropped: ext-apps logs every message it sends and
 * parses, and every ping, into the host page's console. `test/widgets/widget-runtime-size.test.ts`
 * holds the bundle to its size budget.
 */
export async function bundleWidgetRuntime(): Promise<Uint8Array> {
  const { build } = await import('esbuild')
  const result = await build({
    entryPoints: [runtimeEntry()],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    // Calls whose result is unused are removed, arguments and all (esbuild's `pure`).
    pure: ['console.debug', 'console.log'],
    write: false,
    logLevel: 'silent',
    plugins: [
      {
        name: 'zod-english-only',
        setup(on) {
          on.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, (args) => ({
            contents: "export { default as en } from './en.js'",
            resolveDir: dirname(args.path),
            loader: 'js',
          }))
        },
      },
    ],
  })
  return (result.outputFiles[0] as { contents: Uint8Array }).contents
}

/** Writes the bundle to {@link WIDGET_RUNTIME_FILE}; the package's `build` script runs this. */
export async function writeWidgetRuntime(): Promise<void> {
  await mkdir(dirname(WIDGET_RUNTIME_FILE), { recursive: true })
  await writeFile(WIDGET_RUNTIME_FILE, await bundleWidgetRuntime())
}

let loaded: Promise<Uint8Array> | undefined

/**
 * The runtime's bytes, made once per process: the built bundle when Portico runs from `dist/`
 * (`portico dev`, `start`, an installed package); a bundle of `src/widget/` made now when it runs
 * from its TypeScript sources (the tests, through tsx or vitest), so they never serve a stale or
 * missing build.
 */
export function loadWidgetRuntime(): Promise<Uint8Array> {
  loaded ??= import.meta.url.endsWith('.ts')
    ? bundleWidgetRuntime()
    : readFile(WIDGET_RUNTIME_FILE).then((bytes) => new Uint8Array(bytes))
  loaded.catch(() => {
    loaded = undefined
  })
  return loaded
}
