import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'esbuild'

/**
 * Where widgets load the runtime from, under `/widget-assets/` (the asset rule's
 * `WIDGET_RUNTIME_URL`): reserved, a `public/_portico/widget.js` is never served.
 */
export const WIDGET_RUNTIME_ASSET = '_portico/widget.js'

/** The bundle `npm run build` writes (`packages/portico/dist/widget-runtime.js`). */
const WIDGET_RUNTIME_FILE = fileURLToPath(
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

/** ext-apps' prebuilt modules (`dist/src/*.js`), which import Zod as `import{z as Q}from"zod/v4"`. */
const EXT_APPS_MODULE = /[\\/]@modelcontextprotocol[\\/]ext-apps[\\/]dist[\\/]src[\\/][^\\/]+\.js$/
const Z_IMPORT = /import\{z as ([\w$]+)\}from"zod\/v4"/g

/**
 * Reads ext-apps' `import{z as Q}from"zod/v4"` as `import*as Q from"zod/v4"`. `z` is Zod's
 * namespace object re-exported as a value, so esbuild keeps every export of Zod behind it (`z.core`,
 * `z.locales` with its 40-odd languages, `toJSONSchema`, `fromJSONSchema`, `compile`: ~90 KB
 * minified); as a namespace import, only the members ext-apps names (`Q.object`, `Q.string`, …)
 * stay. The same members, the same values: `zod/v4` exports all that `z` holds. Should a later
 * ext-apps write the import otherwise, nothing is rewritten and the size test says so.
 */
const zodNamespaceImports: Plugin = {
  name: 'zod-namespace-imports',
  setup(on) {
    on.onLoad({ filter: EXT_APPS_MODULE }, async (args) => ({
      contents: (await readFile(args.path, 'utf8')).replace(Z_IMPORT, 'import*as $1 from"zod/v4"'),
      loader: 'js',
    }))
  },
}

/** `@modelcontextprotocol/client` and the relative imports between its own modules. */
const SDK_CLIENT = /(?:^|[\\/])@modelcontextprotocol[\\/]client(?:[\\/]|$)/

/**
 * Marks the MCP SDK client's modules free of side effects, as its `package.json` does not: a module
 * none of whose exports `App` uses is then left out whole. That drops the `Client` and its OAuth
 * (~41 KB minified) and the JSON Schema validator of the browser shim (~22 KB), which come in only
 * through the package's index. True of 2.4.0: those modules declare classes, functions and
 * constants and run nothing at import.
 */
const sdkClientWithoutSideEffects: Plugin = {
  name: 'sdk-client-without-side-effects',
  setup(on) {
    on.onResolve({ filter: /.*/ }, async (args) => {
      if (args.pluginData === SDK_CLIENT) return undefined
      if (!SDK_CLIENT.test(args.path) && !SDK_CLIENT.test(args.importer)) return undefined
      const resolved = await on.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: SDK_CLIENT,
      })
      if (resolved.errors.length > 0 || !SDK_CLIENT.test(resolved.path)) return undefined
      return { path: resolved.path, namespace: resolved.namespace, sideEffects: false }
    })
  },
}

/**
 * Bundles the widget runtime for browsers: one minified ES module with
 * `@modelcontextprotocol/ext-apps` and what it needs inside, shaken down to what `App` uses (two
 * plugins below). `console.debug` and `console.log` calls are dropped: ext-apps logs every message
 * it sends and parses, and every ping, into the host page's console.
 * `test/widgets/widget-runtime-size.test.ts` holds the bundle to its size budget.
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
    plugins: [zodNamespaceImports, sdkClientWithoutSideEffects],
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
