import { createRequire } from 'node:module'
import type { Ajv2020 } from 'ajv/dist/2020.js'
import type { FormatsPlugin } from 'ajv-formats'

/** What compiles schemas: Ajv for JSON Schema 2020-12, and the formats of ajv-formats. */
export interface AjvPackages {
  Ajv2020: typeof Ajv2020
  addFormats: FormatsPlugin
}

/** Resolves from Portico's own folder, where Ajv is a dependency. */
const requireFromPortico = createRequire(import.meta.url)

/**
 * Ajv and ajv-formats, required on first use rather than imported: they take about 50 ms to
 * load, and a built plugin whose validators `portico build` wrote never needs them. A bundle for
 * workerd imports them instead (`load-ajv-bundled.ts`, swapped in by the worker build).
 */
export function loadAjv(): AjvPackages {
  const ajv = requireFromPortico('ajv/dist/2020.js') as { Ajv2020: typeof Ajv2020 }
  const formats = requireFromPortico('ajv-formats') as { default: FormatsPlugin }
  return { Ajv2020: ajv.Ajv2020, addFormats: formats.default }
}
