import type { JsonSchema } from '../../core/json-schema.js'
import { PluginDefinitionError } from '../../core/plugin-definition-error.js'
import type { ResourceTemplateDefinition } from '../plugin-model.js'
import { normalizeResourceUri } from '../resources/resource-uri.js'
import { readUriTemplateVariables } from '../resources/uri-template.js'
import { type DeriveToolContext, deriveInput } from './derive-tool.js'
import type { ToolMethodSource } from './find-tool-classes.js'
import type { JsDoc } from './js-doc.js'
import { readMethodDoc } from './read-method-doc.js'
import { locateNode, sourceLocationOf } from './source-location.js'

/** The JSDoc tag that makes a method a resource template: `@resource notes://notes/{id}`. */
export const RESOURCE_TAG = 'resource'

/** The tag naming the media type of what a template's method returns. */
const MIME_TYPE_TAG = 'mimeType'

const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*(?:\s*;.*)?$/i
const SCALAR_TYPES: ReadonlySet<unknown> = new Set(['string', 'number', 'integer', 'boolean'])

/**
 * The resource template of a method tagged `@resource <uri-template>`: the template (RFC 6570
 * level 1), its variables, which must be exactly the properties of the method's input, each a
 * string, number, integer, boolean or a choice of literals (a URI carries text), the optional
 * `@mimeType`, and the docs. Throws {@link PluginDefinitionError} at the method (or its
 * parameter) for anything else.
 */
export function deriveResourceTemplate(
  context: DeriveToolContext,
  id: string,
  className: string,
  method: ToolMethodSource,
  doc: JsDoc,
): ResourceTemplateDefinition {
  const { checker, rootDir } = context
  const { declaration, nameNode } = method
  const fail = (problem: string): never => {
    throw new PluginDefinitionError(locateNode(rootDir, nameNode), `${id}: ${problem}`)
  }
  const uriTemplate = doc.tags.find((tag) => tag.name === RESOURCE_TAG)?.text ?? ''
  if (uriTemplate === '') fail('@resource needs a URI template, as in @resource notes://notes/{id}')
  let variables: string[] = []
  try {
    variables = readUriTemplateVariables(uriTemplate)
  } catch (error) {
    fail(`@resource ${uriTemplate}: ${(error as Error).message}`)
  }
  const sample = variables.reduce((uri, name) => uri.replace(`{${name}}`, 'x'), uriTemplate)
  const normal = normalizeResourceUri(sample)
  if (normal !== sample) {
    fail(`@resource ${uriTemplate} is not a URI in normal form (as new URL() writes it)`)
  }
  const mimeType = doc.tags.find((tag) => tag.name === MIME_TYPE_TAG)?.text
  if (mimeType !== undefined && !MEDIA_TYPE.test(mimeType)) {
    fail(`@mimeType "${mimeType}" is not a media type such as text/csv`)
  }

  const input = deriveInput(context, id, declaration, nameNode)
  const where = locateNode(rootDir, declaration.parameters[0] ?? nameNode)
  const failAtInput = (problem: string): never => {
    throw new PluginDefinitionError(where, `${id}: ${problem}`)
  }
  const properties = input.schema.properties ?? {}
  const names = Object.keys(properties)
  const missing = variables.find((name) => !names.includes(name))
  if (missing !== undefined) {
    failAtInput(
      `the template ${uriTemplate} has {${missing}}, which is no property of the input (it has: ${names.join(', ') || 'none'}); each variable must be one`,
    )
  }
  const extra = names.find((name) => !variables.includes(name))
  if (extra !== undefined) {
    failAtInput(
      `the input's property "${extra}" is no variable of the template ${uriTemplate}; each property must be one`,
    )
  }
  if (input.datePaths.length > 0 || input.schema.$ref !== undefined) {
    failAtInput('a template variable cannot be a Date or a recursive type; use a string')
  }
  for (const [name, schema] of Object.entries(properties)) {
    if (!isScalarSchema(schema)) {
      failAtInput(
        `the variable "${name}" must be a string, number, integer, boolean or a choice of literals, since a URI carries text`,
      )
    }
  }

  const symbol = checker.getSymbolAtLocation(nameNode)
  const methodDoc = symbol === undefined ? { annotations: {} } : readMethodDoc(symbol, checker)
  return {
    id,
    className,
    methodName: method.name,
    uriTemplate,
    variables,
    ...(methodDoc.annotations.title ? { title: methodDoc.annotations.title } : {}),
    ...(methodDoc.summary ? { summary: methodDoc.summary } : {}),
    ...(methodDoc.description ? { description: methodDoc.description } : {}),
    ...(mimeType ? { mimeType } : {}),
    inputSchema: input.schema,
    source: sourceLocationOf(rootDir, nameNode),
  }
}

/** One JSON type among string, number, integer and boolean, or literals of those. */
function isScalarSchema(schema: JsonSchema): boolean {
  const literals = schema.enum ?? (schema.const === undefined ? undefined : [schema.const])
  if (literals !== undefined) {
    return literals.every((value) => ['string', 'number', 'boolean'].includes(typeof value))
  }
  return SCALAR_TYPES.has(schema.type) && schema.anyOf === undefined && schema.oneOf === undefined
}
