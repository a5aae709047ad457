import ts from 'typescript'
import type { JsonSchema, JsonSchemaTypeName } from '../../core/json-schema.js'
import { literalValue, typeNameOf, valuesToSchema } from './literal-schemas.js'
import type { SchemaWalker, TypeSite } from './schema-walker.js'
import { inWrittenOrder, writtenMemberNode } from './written-type-node.js'

const { TypeFlags } = ts

/**
 * A union. `undefined` members are dropped (the property is optional) unless the site turns them
 * into `null`; literals of one type gather into an `enum`; `true | false` is `boolean`; a whole
 * enum stays its (named) enum. When every remaining member is a bare `{ type }`, the result is
 * `{ type: [...] }`, otherwise `{ anyOf: [...] }`. With `null`, every member is a branch of an
 * `anyOf` that ends with `{ type: 'null' }`.
 */
export function unionToSchema(
  walker: SchemaWalker,
  type: ts.UnionType,
  site: TypeSite,
): JsonSchema {
  const isUndefined = (member: ts.Type) =>
    (member.flags & (TypeFlags.Undefined | TypeFlags.Void)) !== 0
  const present = inWrittenOrder(
    walker.checker,
    site.typeNode,
    type.types.filter((member) => !isUndefined(member)),
  )
  const hasNull =
    present.some((member) => member.flags & TypeFlags.Null) ||
    (site.undefinedAsNull === true && present.length < type.types.length)
  const written = writtenWithoutUndefined(walker.checker, site, type, present)
  if (written !== undefined) return walker.toSchema(written, site)
  const values = present.filter((member) => !(member.flags & TypeFlags.Null))
  const memberSite = (member: ts.Type): TypeSite => ({
    ...site,
    undefinedAsNull: false,
    typeNode: writtenMemberNode(walker.checker, site.typeNode, member),
  })
  if (values.length === 0 && !hasNull) return walker.toSchema(type.types[0] ?? type, site)

  // a literal group's type name holds the place of its first literal
  const parts: (JsonSchema | JsonSchemaTypeName)[] = []
  const literalGroups = new Map<JsonSchemaTypeName, (string | number | boolean)[]>()
  const seenEnums = new Set<ts.Type>()
  for (const member of values) {
    const wholeEnum = enumContaining(walker.checker, member, values)
    if (wholeEnum !== undefined) {
      if (!seenEnums.has(wholeEnum)) parts.push(walker.toSchema(wholeEnum, memberSite(wholeEnum)))
      seenEnums.add(wholeEnum)
      continue
    }
    const value = literalValue(walker.checker, member)
    if (value === undefined) {
      parts.push(walker.toSchema(member, memberSite(member)))
      continue
    }
    const typeName = typeNameOf(value)
    const group = literalGroups.get(typeName)
    if (group === undefined) {
      literalGroups.set(typeName, [value])
      parts.push(typeName)
    } else {
      group.push(value)
    }
  }
  const schemas = parts.map((part): JsonSchema => {
    if (typeof part !== 'string') return part
    const group = literalGroups.get(part) ?? []
    return part === 'boolean' && group.length === 2 ? { type: 'boolean' } : valuesToSchema(group)
  })
  if (!hasNull) return mergeSchemas(schemas)
  if (schemas.length === 0) return { type: 'null' }
  // `anyOf` rather than a `type` array with "null", which strict MCP clients warn about
  return { anyOf: [...schemas, { type: 'null' }] }
}

function mergeSchemas(schemas: JsonSchema[]): JsonSchema {
  if (schemas.length === 1 && schemas[0] !== undefined) return schemas[0]
  const bareTypes = schemas.every(
    (schema) => Object.keys(schema).length === 1 && schema.type !== undefined,
  )
  if (!bareTypes) return { anyOf: schemas }
  const types = [...new Set(schemas.flatMap((schema) => schema.type ?? []))]
  const [first] = types
  return { type: types.length === 1 && first !== undefined ? first : types }
}

/** The enum `member` belongs to, when the union holds every member of that enum. */
function enumContaining(
  checker: ts.TypeChecker,
  member: ts.Type,
  members: readonly ts.Type[],
): ts.UnionType | undefined {
  if (!(member.flags & TypeFlags.EnumLiteral)) return undefined
  const enumType = checker.getBaseTypeOfLiteralType(member)
  if (enumType === member || !enumType.isUnion()) return undefined
  return enumType.types.every((value) => members.includes(value)) ? enumType : undefined
}

/**
 * The type written at the site when `type` is it plus the `undefined` of an optional property:
 * `priority?: Priority` is `'low' | 'high' | undefined` to the checker, a union that has lost the
 * alias (and its JSDoc) the author wrote.
 */
function writtenWithoutUndefined(
  checker: ts.TypeChecker,
  site: TypeSite,
  type: ts.UnionType,
  present: readonly ts.Type[],
): ts.Type | undefined {
  if (site.typeNode === undefined || site.undefinedAsNull === true) return undefined
  if (present.length === type.types.length || present.length === 0) return undefined
  const node = site.typeNode
  if (!ts.isTypeNode(node) && !ts.isTypeAliasDeclaration(node)) return undefined
  const written = checker.getTypeFromTypeNode(ts.isTypeNode(node) ? node : node.type)
  if (written === type) return undefined
  const members = written.isUnion() ? written.types : [written]
  const same = members.length === present.length && members.every((m) => present.includes(m))
  return same ? written : undefined
}
