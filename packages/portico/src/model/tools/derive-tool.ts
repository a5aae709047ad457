import ts from 'typescript'
import type { JsonSchema } from '../../core/json-schema.js'
import { PluginDefinitionError } from '../../core/plugin-definition-error.js'
import { TOOL_CONTENT_TYPE_NAME } from '../../core/tool-content.js'
import type { ToolDefinition } from '../plugin-model.js'
import { checkMcpHeaders } from './check-mcp-headers.js'
import type { ToolMethodSource } from './find-tool-classes.js'
import { makeDefaultedOptional } from './make-defaulted-optional.js'
import { readMethodDoc } from './read-method-doc.js'
import { readRawInputSchema } from './read-raw-input-schema.js'
import type { SchemaBuilder } from './schema-builder.js'
import { locateNode, sourceLocationOf } from './source-location.js'
import { TOOL_CONTENT_SCHEMA } from './tool-content-schema.js'
import { writtenAwaitedNode } from './written-type-node.js'

const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema'

/** The types of a tool method's second parameter, as `portico` exports them. */
const CONTEXT_TYPE_NAMES: ReadonlySet<string> = new Set([
  'PorticoPluginContext',
  'PorticoToolContext',
])

const NOT_A_TOOL_HINT =
  'a tool method takes no parameter, or one object parameter (its input) and optionally the context; make the method private or #private if it is not a tool'

/** What deriving one tool needs. */
export interface DeriveToolContext {
  checker: ts.TypeChecker
  rootDir: string
  builder: SchemaBuilder
}

/** The tool of one public method: its schemas, docs, annotations and date paths. */
export function deriveTool(
  context: DeriveToolContext,
  id: string,
  className: string,
  method: ToolMethodSource,
): ToolDefinition {
  const { checker, rootDir, builder } = context
  const { declaration, nameNode } = method
  const raw = readRawInputSchema(rootDir, id, declaration)
  const input = raw
    ? { schema: { $schema: JSON_SCHEMA_DIALECT, ...raw }, datePaths: [] }
    : deriveInput(context, id, declaration, nameNode)
  const signature = checker.getSignatureFromDeclaration(declaration)
  const returned =
    signature === undefined ? checker.getAnyType() : checker.getReturnTypeOfSignature(signature)
  const awaited = checker.getAwaitedType(returned) ?? returned
  const returnsContent = isToolContentType(awaited)
  const output = returnsContent
    ? { schema: TOOL_CONTENT_SCHEMA }
    : builder.buildRoot(
        awaited,
        {
          node: declaration.type ?? nameNode,
          path: [],
          undefinedAsNull: true,
          typeNode: writtenAwaitedNode(declaration.type),
        },
        { label: `${id} output`, toolId: id, recordDates: false },
      )
  checkMcpHeaders(id, input.schema, output.schema, sourceLocationOf(rootDir, nameNode))
  const symbol = checker.getSymbolAtLocation(nameNode)
  const doc = symbol === undefined ? { annotations: {} } : readMethodDoc(symbol, checker)
  return {
    id,
    className,
    methodName: method.name,
    ...doc,
    inputSchema: input.schema,
    outputSchema: { $schema: JSON_SCHEMA_DIALECT, ...output.schema },
    ...(returnsContent ? { resultKind: 'content' as const } : {}),
    ...(declaration.parameters.length > 1 ? { takesContext: true as const } : {}),
    inputDatePaths: input.datePaths,
    source: sourceLocationOf(rootDir, nameNode),
  }
}

/** The input schema and `Date` paths of a method (of a tool, a resource template or a prompt). */
export function deriveInput(
  context: DeriveToolContext,
  id: string,
  declaration: ToolMethodSource['declaration'],
  nameNode: ts.PropertyName,
): { schema: JsonSchema; datePaths: string[][] } {
  const { checker, rootDir, builder } = context
  const parameters = declaration.parameters.filter(
    (parameter) => !(ts.isIdentifier(parameter.name) && parameter.name.text === 'this'),
  )
  if (parameters.length > 2) {
    throw new PluginDefinitionError(
      locateNode(rootDir, nameNode),
      `${id}: the method has ${parameters.length} parameters; ${NOT_A_TOOL_HINT}`,
    )
  }
  const [parameter, contextParameter] = parameters
  if (contextParameter !== undefined) assertContextParameter(context, id, contextParameter)
  if (parameter === undefined) {
    const schema: JsonSchema = { type: 'object', properties: {}, additionalProperties: false }
    return { schema: { $schema: JSON_SCHEMA_DIALECT, ...schema }, datePaths: [] }
  }
  const type = checker.getTypeAtLocation(parameter)
  if (parameter.dotDotDotToken !== undefined || !isObjectParameterType(checker, type)) {
    const what =
      parameter.dotDotDotToken === undefined ? checker.typeToString(type) : 'a rest parameter'
    throw new PluginDefinitionError(
      locateNode(rootDir, parameter),
      `${id}: the input parameter "${parameter.name.getText()}" is ${what}, not an object type; ${NOT_A_TOOL_HINT}`,
    )
  }
  const { schema, datePaths } = builder.buildRoot(
    type,
    { node: parameter, path: [] },
    { label: `${id} input`, toolId: id, recordDates: true },
  )
  // MCP wants `type: "object"` at the top even when the input is a union or a $ref
  const input = makeDefaultedOptional(schema)
  return { schema: { $schema: JSON_SCHEMA_DIALECT, type: 'object', ...input }, datePaths }
}

/** The second parameter must be the context, since that is all the runtime passes there. */
function assertContextParameter(
  context: DeriveToolContext,
  id: string,
  parameter: ts.ParameterDeclaration,
): void {
  const { checker, rootDir } = context
  const type = checker.getNonNullableType(checker.getTypeAtLocation(parameter))
  const symbol = type.aliasSymbol ?? type.getSymbol()
  if (parameter.dotDotDotToken === undefined && CONTEXT_TYPE_NAMES.has(symbol?.name ?? '')) return
  const what =
    parameter.dotDotDotToken === undefined ? checker.typeToString(type) : 'a rest parameter'
  throw new PluginDefinitionError(
    locateNode(rootDir, parameter),
    `${id}: the second parameter "${parameter.name.getText()}" is ${what}, not the context (PorticoToolContext or PorticoPluginContext from 'portico'); ${NOT_A_TOOL_HINT}`,
  )
}

/** A rich result: `ToolContent` from `portico`, recognised by name as the context is. */
export function isToolContentType(type: ts.Type): boolean {
  return (type.aliasSymbol ?? type.getSymbol())?.name === TOOL_CONTENT_TYPE_NAME
}

function isObjectParameterType(checker: ts.TypeChecker, type: ts.Type): boolean {
  const members = (type.isUnion() ? type.types : [type]).filter(
    (member) => !(member.flags & ts.TypeFlags.Undefined),
  )
  return members.length > 0 && members.every((member) => isObjectType(checker, member))
}

function isObjectType(checker: ts.TypeChecker, type: ts.Type): boolean {
  if (type.flags & ts.TypeFlags.NonPrimitive) return true
  if (type.isIntersection()) return type.types.every((member) => isObjectType(checker, member))
  if (!(type.flags & ts.TypeFlags.Object)) return false
  return (
    !checker.isArrayType(type) &&
    !checker.isTupleType(type) &&
    type.getSymbol()?.name !== 'Date' &&
    checker.getSignaturesOfType(type, ts.SignatureKind.Call).length === 0
  )
}
