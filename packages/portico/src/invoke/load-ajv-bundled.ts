// `load-ajv.ts` for a bundle (`portico build --target worker`): the bundler includes what is
// imported, where the Node version requires at run time.
import { _, Ajv2020, str } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { fullFormats } from 'ajv-formats/dist/formats.js'
import type { AjvPackages, DateTimeCheck, FormatsModule } from './load-ajv.js'

/** Ajv and ajv-formats, bundled. */
export function loadAjv(): AjvPackages {
  return { Ajv2020, codegen: { _, str }, addFormats: addFormats.default }
}

/** ajv-formats' `date-time` check, bundled. */
export function loadDateTimeCheck(): DateTimeCheck {
  return (fullFormats as unknown as FormatsModule['fullFormats'])['date-time'].validate
}
