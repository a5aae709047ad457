import type { Ajv2020 } from 'ajv/dist/2020.js'
import { isDecimalMultiple } from './is-decimal-multiple.js'
import type { AjvPackages } from './load-ajv.js'

/**
 * Replaces Ajv's `multipleOf`, which divides in floating point (`19.99` is no multiple of
 * `0.01` there), by an exact check on the decimals JSON writes ({@link isDecimalMultiple}).
 * The same error as Ajv's (`must be multiple of 0.01`, `params.multipleOf`). The check is
 * generated code, so the standalone validators of `portico build` carry it too: its source is
 * their copy, with no module to require.
 */
export function addExactMultipleOf(ajv: Ajv2020, { _, str }: AjvPackages['codegen']): void {
  // Ajv's `_` takes template parts as code: one part holding the function's source is that code.
  const source = `(${isDecimalMultiple.toString()})`
  const code = _(Object.assign([source], { raw: [source] }))
  ajv.removeKeyword('multipleOf')
  ajv.addKeyword({
    keyword: 'multipleOf',
    type: 'number',
    schemaType: 'number',
    error: {
      message: ({ schemaCode }) => str`must be multiple of ${schemaCode}`,
      params: ({ schemaCode }) => _`{multipleOf: ${schemaCode}}`,
    },
    code(cxt) {
      const check = cxt.gen.scopeValue('func', { ref: isDecimalMultiple, code })
      cxt.fail(_`!${check}(${cxt.data}, ${cxt.schemaCode})`)
    },
  })
}
