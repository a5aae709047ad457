import { type ErrorDetail, PorticoError } from '../../core/portico-error.js'

/**
 * The `validation` error of a `prompts/get` whose arguments the prompt refuses, template or
 * method alike: every failure in the message, and each as a detail with the JSON Pointer
 * `/<argument>`.
 *
 * @example
 * invalidPromptArguments('draft-note', [{ path: '/topic', message: 'argument "topic" is required' }])
 * // message: 'Invalid arguments for prompt "draft-note": argument "topic" is required'
 */
export function invalidPromptArguments(promptName: string, details: ErrorDetail[]): PorticoError {
  const summary = details.map((item) => item.message).join('; ')
  return new PorticoError(
    'validation',
    `Invalid arguments for prompt "${promptName}": ${summary}`,
    {
      details,
    },
  )
}

/**
 * Schema failures of a prompt method's arguments (`/topic`: `is required`), each phrased as a
 * template's are (`argument "topic" is required`).
 */
export function toArgumentDetails(details: readonly ErrorDetail[]): ErrorDetail[] {
  return details.map(({ path, message }) => {
    const name = path.slice(1).replaceAll('~1', '/').replaceAll('~0', '~')
    return {
      path,
      message: name === '' ? `the arguments ${message}` : `argument "${name}" ${message}`,
    }
  })
}
