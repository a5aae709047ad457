import { createRequire } from 'node:module'
import type { _, Ajv2020, str } from 'ajv/dist/2020.js'
import type { FormatsPlugin } from 'ajv-formats'

/**
 * What compiles schemas: Ajv for JSON Schema 2020-12, its code templates (for Portico's own
 * keywords), and the formats of ajv-formats.
 */
export interface AjvPackages {
  Ajv2020: typeof Ajv2020
  codegen: { _: typeof _; str: typeof str }
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
  const ajv = requireFromPortico('ajv/dist/2020.js') as Pick<AjvPackages, 'Ajv2020'> &
    AjvPackages['codegen']
  const formats = requireFromPortico('ajv-formats') as { default: FormatsPlugin }
  return {
    Ajv2020: ajv.Ajv2020,
    codegen: { _: ajv._, str: ajv.str },
    addFormats: formats.default,
  }
}

/** Checks a `date-time` string as Ajv's `date-time` format does. */
export type DateTimeCheck = (value: string) => boolean

/**
 * ajv-formats' `date-time` check, required on first use: output shaping needs it only for a
 * string where a date is declared, and its module loads part of Ajv (~20 ms of a cold start).
 */
export function loadDateTimeCheck(): DateTimeCheck {
  const { fullFormats } = requireFromPortico('ajv-formats/dist/formats.js') as FormatsModule
  return fullFormats['date-time'].validate
}

/** The part of `ajv-formats/dist/formats.js` that output shaping uses. */
export interface FormatsModule {
  fullFormats: { 'date-time': { validate: DateTimeCheck } }
}
