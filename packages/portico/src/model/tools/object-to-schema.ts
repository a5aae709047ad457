import ts from 'typescript'
import type { JsonSchema } from '../../core/json-schema.js'
import { assertKeywordsApply } from './assert-keywords-apply.js'
import { ANNOTATION_KEYWORDS, hasIntegerTag, jsDocKeywords } from './jsdoc-keywords.js'
import { readJsDoc } from './read-jsdoc.js'
import type { SchemaWalker, TypeSite } from './schema-walker.js'
import { declaredTypeNode } from './written-type-node.js'

/**
 * An object type (interface, type literal, class instance, intersection, mapped type): its
 * properties in declaration order with their JSDoc keywords, `required` for the non-optional
 * ones, and `additionalProperties` from a string (or number) index signature, else `false`
 * (also for an index signature of `never`: `Record<string, never>` is the empty object).
 */
export function objectToSchema(walker: SchemaWalker, type: ts.Type, site: TypeSite): JsonSchema {
  const { checker } = walker
  const properties = checker.getPropertiesOfType(type).filter(isNamedProperty)
  assertNoMethods(walker, type, properties, site)

  const schemas: Record<string, JsonSchema> = {}
  const required: string[] = []
  for (const property of properties) {
    const doc = readJsDoc(property, checker)
    const declaration = property.valueDeclaration ?? property.declarations?.[0]
    const propertySite: TypeSite = {
      node: pluginNodeOr(walker, declaration, site.node),
      path: [...site.path, property.name],
      integer: hasIntegerTag(doc),
      typeNode: declaredTypeNode(declaration),
    }
    const propertyType = checker.getTypeOfSymbol(property)
    const fail = (problem: string) => walker.fail(propertySite, problem)
    const keywords = jsDocKeywords(doc, fail)
    const schema = walker.toSchema(propertyType, propertySite)
    assertKeywordsApply(schema, keywords, property.name, fail)
    schemas[property.name] = withKeywords(schema, keywords)
    if (!isOptional(property, propertyType)) required.push(property.name)
  }

  const additional = indexSignatureSchema(walker, type, site)
  const schema: JsonSchema = { type: 'object' }
  if (properties.length > 0 || additional === undefined) schema.properties = schemas
  if (required.length > 0) schema.required = required
  schema.additionalProperties = additional ?? false
  return schema
}

/**
 * A property's schema with its JSDoc keywords. On `T | null` the constraints go on T's branch,
 * where they mean what the author wrote; annotations stay on the whole.
 */
function withKeywords(schema: JsonSchema, keywords: JsonSchema): JsonSchema {
  const [branch, nullBranch, ...more] = schema.anyOf ?? []
  if (branch === undefined || nullBranch?.type !== 'null' || more.length > 0) {
    return { ...schema, ...keywords }
  }
  const annotations: JsonSchema = {}
  const constraints: JsonSchema = {}
  for (const [name, value] of Object.entries(keywords)) {
    if (ANNOTATION_KEYWORDS.has(name)) annotations[name] = value
    else constraints[name] = value
  }
  const value: JsonSchema = { ...branch, ...constraints }
  // the property's own description wins over its type's, as it does where the type is inlined
  if (annotations.description !== undefined) delete value.description
  return { ...schema, anyOf: [value, nullBranch], ...annotations }
}

/** Symbol-keyed (`[Symbol.iterator]`) and `#private` members are not JSON properties. */
function isNamedProperty(property: ts.Symbol): boolean {
  const escaped = String(property.escapedName)
  return !escaped.startsWith('__@') && !escaped.startsWith('__#')
}

function isOptional(property: ts.Symbol, type: ts.Type): boolean {
  if (property.flags & ts.SymbolFlags.Optional) return true
  const members = type.isUnion() ? type.types : [type]
  return members.some((member) => member.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void))
}

function assertNoMethods(
  walker: SchemaWalker,
  type: ts.Type,
  properties: readonly ts.Symbol[],
  site: TypeSite,
): void {
  const method = properties.find((property) => property.flags & ts.SymbolFlags.Method)
  if (method === undefined) return
  const declaration = method.declarations?.[0]
  if (
    declaration !== undefined &&
    ts.isMethodSignature(declaration) &&
    walker.isPluginNode(declaration)
  ) {
    walker.fail(
      { node: declaration, path: [...site.path, method.name] },
      'a method is not JSON; tools take and return JSON data',
    )
  }
  const name = walker.checker.typeToString(type)
  walker.fail(
    site,
    `${name} is a class instance with methods (${method.name}), not JSON; use a Record or an array of plain objects`,
  )
}

function indexSignatureSchema(
  walker: SchemaWalker,
  type: ts.Type,
  site: TypeSite,
): JsonSchema | undefined {
  const infos = walker.checker.getIndexInfosOfType(type)
  const patterned = infos.find((info) => info.keyType.flags & ts.TypeFlags.TemplateLiteral)
  if (patterned !== undefined) {
    walker.fail(
      site,
      'an index signature with a template literal key is not supported; use string keys',
    )
  }
  const info =
    infos.find((candidate) => candidate.keyType.flags & ts.TypeFlags.String) ??
    infos.find((candidate) => candidate.keyType.flags & ts.TypeFlags.Number)
  // `Record<string, never>`: an object that holds nothing, like `{}` without its lint warning.
  if (info === undefined || info.type.flags & ts.TypeFlags.Never) return undefined
  const valueSite: TypeSite = {
    node: pluginNodeOr(walker, info.declaration, site.node),
    path: [...site.path, '{}'],
    typeNode: declaredTypeNode(info.declaration),
  }
  return walker.toSchema(info.type, valueSite)
}

function pluginNodeOr(walker: SchemaWalker, node: ts.Node | undefined, fallback: ts.Node): ts.Node {
  return node !== undefined && walker.isPluginNode(node) ? node : fallback
}
