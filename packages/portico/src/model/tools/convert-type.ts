import ts from 'typescript'
import type { JsonSchema } from '../../core/json-schema.js'
import { enumToSchema, literalToSchema } from './literal-schemas.js'
import { objectToSchema } from './object-to-schema.js'
import type { SchemaWalker, TypeSite } from './schema-walker.js'
import { templateLiteralToSchema } from './template-literal-to-schema.js'
import { unionToSchema } from './union-to-schema.js'
import { writtenItemNode } from './written-type-node.js'

const { TypeFlags } = ts
const NOT_JSON = 'tools take and return JSON data'

/**
 * The schema of one type, by its kind. Named types reach here through the walker, which decides
 * whether to inline them or to reference them from `$defs`.
 */
export function convertType(walker: SchemaWalker, type: ts.Type, site: TypeSite): JsonSchema {
  const flags = type.flags
  if (flags & (TypeFlags.Any | TypeFlags.Unknown)) return {}
  if (flags & TypeFlags.Never) walker.fail(site, `never has no values; ${NOT_JSON}`)
  if (flags & TypeFlags.ESSymbolLike) walker.fail(site, `a symbol is not JSON; ${NOT_JSON}`)
  if (flags & TypeFlags.BigIntLike) {
    walker.fail(site, 'bigint is not JSON; use a string (or a number if it fits)')
  }
  if (flags & (TypeFlags.Undefined | TypeFlags.Void)) {
    if (site.undefinedAsNull) return { type: 'null' }
    walker.fail(site, 'undefined is not a JSON value; make the property optional (`name?: T`)')
  }
  if (flags & TypeFlags.Null) return { type: 'null' }
  if (flags & (TypeFlags.TemplateLiteral | TypeFlags.StringMapping)) {
    return templateLiteralToSchema(walker, type, site)
  }
  if (flags & TypeFlags.Boolean) return { type: 'boolean' }
  if (flags & TypeFlags.EnumLiteral && type.isUnion()) return enumToSchema(type)
  if (type.isUnion()) return unionToSchema(walker, type, site)
  if (flags & TypeFlags.Literal) return literalToSchema(walker.checker, type)
  if (flags & TypeFlags.String) return { type: 'string' }
  if (flags & TypeFlags.Number) return { type: site.integer ? 'integer' : 'number' }
  if (flags & TypeFlags.TypeParameter) {
    walker.fail(
      site,
      `type parameter ${walker.checker.typeToString(type)} is not resolved; tools cannot be generic`,
    )
  }
  if (flags & TypeFlags.NonPrimitive) return { type: 'object' }
  if (type.isIntersection()) return intersectionToSchema(walker, type, site)
  if (flags & TypeFlags.Object) return objectLikeToSchema(walker, type as ts.ObjectType, site)
  walker.fail(site, `type ${walker.checker.typeToString(type)} is not supported; ${NOT_JSON}`)
}

function objectLikeToSchema(walker: SchemaWalker, type: ts.ObjectType, site: TypeSite): JsonSchema {
  const { checker } = walker
  if (checker.isTupleType(type)) {
    walker.fail(site, 'a tuple is not supported; use an object with named properties, or an array')
  }
  if (checker.isArrayType(type)) {
    const [itemType] = checker.getTypeArguments(type as ts.TypeReference)
    const itemSite = {
      ...site,
      path: [...site.path, '*'],
      undefinedAsNull: false,
      typeNode: writtenItemNode(site.typeNode),
    }
    return {
      type: 'array',
      items: itemType === undefined ? {} : walker.toSchema(itemType, itemSite),
    }
  }
  if (isBuiltIn(walker, type, 'Date')) {
    walker.noteDate(site)
    return { type: 'string', format: 'date-time' }
  }
  const jsonForm = toJsonFormSchema(walker, type, site)
  if (jsonForm !== undefined) return jsonForm
  if (
    checker.getSignaturesOfType(type, ts.SignatureKind.Call).length > 0 ||
    checker.getSignaturesOfType(type, ts.SignatureKind.Construct).length > 0
  ) {
    walker.fail(site, `a function type is not JSON; ${NOT_JSON}`)
  }
  return objectToSchema(walker, type, site)
}

/** A branded primitive (`string & { __brand: 'Id' }`) is its primitive; objects merge. */
function intersectionToSchema(
  walker: SchemaWalker,
  type: ts.IntersectionType,
  site: TypeSite,
): JsonSchema {
  const primitive = type.types.find(
    (member) =>
      member.flags & (TypeFlags.StringLike | TypeFlags.NumberLike | TypeFlags.BooleanLike),
  )
  if (primitive !== undefined) return walker.toSchema(primitive, site)
  return objectToSchema(walker, type, site)
}

/**
 * A class instance whose JSON form is plain data, in an output (where `JSON.stringify` meets it
 * as the runtime shapes the result): a `URL` is its href, a class with `toJSON()` is what that
 * returns. An input arrives as JSON and reaches the method as such, never as the instance.
 */
function toJsonFormSchema(
  walker: SchemaWalker,
  type: ts.ObjectType,
  site: TypeSite,
): JsonSchema | undefined {
  const { checker } = walker
  if (isBuiltIn(walker, type, 'URL')) {
    if (walker.isInput()) {
      walker.fail(site, 'a URL in the input is not revived; take a string with @format uri')
    }
    return { type: 'string', format: 'uri' }
  }
  const toJson = checker.getPropertyOfType(type, 'toJSON')
  if (toJson === undefined || !(toJson.flags & ts.SymbolFlags.Method)) return undefined
  const name = checker.typeToString(type)
  if (walker.isInput()) {
    walker.fail(
      site,
      `${name} is a class instance, which an input is not (it arrives as JSON); take the plain data its toJSON() returns`,
    )
  }
  const [signature] = checker.getSignaturesOfType(
    checker.getTypeOfSymbol(toJson),
    ts.SignatureKind.Call,
  )
  if (signature === undefined) return undefined
  return walker.toSchema(signature.getReturnType(), { ...site, typeNode: undefined })
}

function isBuiltIn(walker: SchemaWalker, type: ts.Type, name: string): boolean {
  const symbol = type.getSymbol()
  if (symbol?.name !== name) return false
  const declarations = symbol.declarations ?? []
  // a plugin may augment the global Date; one library declaration is enough
  return declarations.some((node) => !walker.isPluginNode(node))
}
