// Portico serving the catalog workload as `portico start` would. With BENCH_SHAPING=off, each
// call goes through a second runtime whose output schemas are empty, so the same validation,
// timeout and answer path run and only the output shaping is left out.
import { resolve } from 'node:path'
import { createToolRuntime } from '../../packages/portico/src/invoke/create-tool-runtime.js'
import { serveBuiltPlugin } from '../lib/serve-built-plugin.js'
import { Catalog } from '../plugins/catalog/tools/catalog.js'

await serveBuiltPlugin(resolve(import.meta.dirname, '../plugins/catalog'), (runtime) => {
  if (process.env.BENCH_SHAPING !== 'off') return runtime
  const { model } = runtime
  const unshaped = createToolRuntime(
    { ...model, tools: model.tools.map((tool) => ({ ...tool, outputSchema: {} })) },
    new Map([['Catalog', Catalog]]),
  )
  return { ...runtime, invokeTool: unshaped.invokeTool }
})
