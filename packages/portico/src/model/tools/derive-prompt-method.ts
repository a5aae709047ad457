import ts from 'typescript'
import type { JsonSchema } from '../../core/json-schema.js'
import { PluginDefinitionError } from '../../core/plugin-definition-error.js'
import type { PromptArgumentDefinition, PromptMethodDefinition } from '../plugin-model.js'
import { type DeriveToolContext, deriveInput, isToolContentType } from './derive-tool.js'
import type { ToolMethodSource } from './find-tool-classes.js'
import { readMethodDoc } from './read-method-doc.js'
import { locateNode, sourceLocationOf } from './source-location.js'

/** The JSDoc tag that makes a method a prompt: `@prompt`. */
export const PROMPT_TAG = 'prompt'

/**
 * The prompt of a method tagged `@prompt`, named by its id: its arguments are the properties of
 * its input, each a string (MCP passes prompt arguments as text), required unless optional,
 * described by its JSDoc; `@title` and the JSDoc text are the prompt's. The method returns a
 * `string` or `ToolContent`, possibly in a Promise. Throws {@link PluginDefinitionError} at the
 * parameter, the return type or the method for anything else.
 */
export function derivePromptMethod(
  context: DeriveToolContext,
  id: string,
  className: string,
  method: ToolMethodSource,
): PromptMethodDefinition {
  const { checker, rootDir } = context
  const { declaration, nameNode } = method
  const input = deriveInput(context, id, declaration, nameNode)
  const failAt = (node: ts.Node, problem: string): never => {
    throw new PluginDefinitionError(locateNode(rootDir, node), `${id}: ${problem}`)
  }
  const parameter = declaration.parameters[0] ?? nameNode
  if (input.datePaths.length > 0 || input.schema.$ref !== undefined) {
    failAt(parameter, 'a prompt argument cannot be a Date or a recursive type; use a string')
  }
  // A union of inputs would list no argument: MCP lists one set of arguments per prompt.
  if (input.schema.anyOf !== undefined || input.schema.oneOf !== undefined) {
    failAt(parameter, "a prompt's input is one object type, whose properties are its arguments")
  }
  const properties = input.schema.properties ?? {}
  for (const [name, schema] of Object.entries(properties)) {
    if (!isStringSchema(schema)) {
      failAt(
        parameter,
        `the argument "${name}" must be a string, since MCP passes prompt arguments as text`,
      )
    }
  }

  const signature = checker.getSignatureFromDeclaration(declaration)
  const returned =
    signature === undefined ? checker.getAnyType() : checker.getReturnTypeOfSignature(signature)
  const awaited = checker.getAwaitedType(returned) ?? returned
  if (!isStringType(awaited) && !isToolContentType(awaited)) {
    failAt(
      declaration.type ?? nameNode,
      `a prompt method returns a string or ToolContent (from 'portico'), possibly in a Promise, not ${checker.typeToString(awaited)}`,
    )
  }

  const required = new Set(input.schema.required ?? [])
  const symbol = checker.getSymbolAtLocation(nameNode)
  const doc = symbol === undefined ? { annotations: {} } : readMethodDoc(symbol, checker)
  return {
    name: id,
    ...(doc.annotations.title ? { title: doc.annotations.title } : {}),
    ...(doc.description ? { description: doc.description } : {}),
    arguments: Object.entries(properties).map(([name, schema]) =>
      toArgument(name, schema, required.has(name)),
    ),
    method: { className, methodName: method.name, inputSchema: input.schema },
    source: sourceLocationOf(rootDir, nameNode),
  }
}

function toArgument(name: string, schema: JsonSchema, required: boolean): PromptArgumentDefinition {
  const literals = literalsOf(schema)
  return {
    name,
    ...(schema.description ? { description: schema.description } : {}),
    required,
    // A literal union's choices are what completion can offer.
    ...(literals ? { values: literals.map(String) } : {}),
  }
}

/** `string`, with its constraints, or a choice of string literals. */
function isStringSchema(schema: JsonSchema): boolean {
  const literals = literalsOf(schema)
  if (literals !== undefined) return literals.every((value) => typeof value === 'string')
  return schema.type === 'string' && schema.anyOf === undefined && schema.oneOf === undefined
}

function literalsOf(schema: JsonSchema): unknown[] | undefined {
  return schema.enum ?? (schema.const === undefined ? undefined : [schema.const])
}

/** `string`, a string literal, or a union of those (`any` is not a declared string). */
function isStringType(type: ts.Type): boolean {
  if (type.isUnion()) return type.types.every(isStringType)
  return (type.flags & ts.TypeFlags.StringLike) !== 0
}
