/**
 * JSON text as the object an MCP request carries (a tool's arguments, an elicitation's
 * answer), or a message, to show beside the text, saying why it is not one.
 */
export function parseArguments(text: string): Record<string, unknown> | string {
  let value: unknown
  try {
    value = JSON.parse(text.trim() === '' ? '{}' : text)
  } catch (error) {
    return `This is not valid JSON: ${error instanceof Error ? error.message : String(error)}`
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : 'This must be a JSON object, like {"id": "n1"}.'
}
