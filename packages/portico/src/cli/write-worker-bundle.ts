import { stat } from 'node:fs/promises'
import { builtinModules } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, type Plugin } from 'esbuild'
import type { PluginModel } from '../model/plugin-model.js'
import { compiledModulePath } from '../plugin/load-tool-classes.js'
import { buildFolderName } from '../plugin/model-file.js'

/** The file `portico build --target worker` writes into the build folder. */
export const workerBundleName = 'worker.mjs'

/**
 * `portico/server` of the package that wrote the model, so that the bundle serves the model
 * with the code of the same version, as `portico start` does.
 */
const serverEntry = fileURLToPath(new URL('../server/index.js', import.meta.url))

/**
 * Bundles a built plugin (`.portico/model.json` and the compiled tools) with `portico/server`
 * and every npm package they import into one ES module, `.portico/worker.mjs`, whose default
 * export is a workerd module Worker. Resolves with its size in bytes.
 */
export async function writeWorkerBundle(rootDir: string, model: PluginModel): Promise<number> {
  const buildDir = join(rootDir, buildFolderName)
  const outfile = join(buildDir, workerBundleName)
  await build({
    stdin: { contents: workerEntry(model), resolveDir: buildDir, sourcefile: 'worker-entry.js' },
    outfile,
    bundle: true,
    format: 'esm',
    target: 'es2022',
    // Workers resolve as browsers do, plus the `workerd` condition (the MCP SDK's shims).
    platform: 'neutral',
    mainFields: ['module', 'main'],
    conditions: ['workerd', 'worker', 'browser'],
    // The runtime's `nodejs_compat` provides Node's modules; esbuild is the widget runtime's
    // bundler in a source checkout only, never reached from `dist/`.
    external: ['node:*', ...builtinModules, 'esbuild'],
    // workerd gives a module no `import.meta.url`, which the docs site and the widget runtime
    // resolve their files against at import; this is the bundle's path in its file system.
    define: { 'import.meta.url': JSON.stringify(`file:///bundle/${workerBundleName}`) },
    tsconfigRaw: {},
    plugins: [bundledPackages],
    logLevel: 'silent',
  })
  return (await stat(outfile)).size
}

/**
 * On Node, Portico requires Ajv, consola and fflate on first use (`load-<name>.js`); a bundle
 * imports them instead (`load-<name>-bundled.js`), so that they are in the bundle.
 */
const bundledPackages: Plugin = {
  name: 'portico-bundled-packages',
  setup(build) {
    build.onResolve({ filter: /\/load-(?:ajv|consola|fflate)\.js$/ }, (args) => ({
      path: join(args.resolveDir, args.path.replace(/^.*\/(load-[a-z]+)\.js$/, '$1-bundled.js')),
    }))
  },
}

/** The bundle's entry: the model, each tool module once, and the classes the model names. */
function workerEntry(model: PluginModel): string {
  const files = [...new Set(model.toolClasses.map((toolClass) => toolClass.file))]
  const imports = files.map(
    (file, index) =>
      `import * as tools${index} from ${JSON.stringify(`./${compiledModulePath(file)}`)}`,
  )
  const classes = model.toolClasses.map(
    ({ name, file }) =>
      `[${JSON.stringify(name)}, tools${files.indexOf(file)}[${JSON.stringify(name)}]]`,
  )
  return [
    `import { createBundledFetchHandler } from ${JSON.stringify(serverEntry)}`,
    `import model from './model.json' with { type: 'json' }`,
    ...imports,
    `export default { fetch: createBundledFetchHandler(model, new Map([${classes.join(', ')}])) }`,
    '',
  ].join('\n')
}
