import ts from 'typescript'

/**
 * The type aliases that `node` names, outermost first, when they stand for `type` itself: for
 * `key: CardKey` with `type CardKey = Code` and `type Code = string`, `[CardKey, Code]`. An alias
 * of a primitive leaves no trace on the checker's type (`string` is one type for everyone), so
 * only the node written where it is used tells which alias, and so which JSDoc, applies. Generic
 * aliases and aliases outside the plugin (`isPluginNode`) are not followed.
 */
export function writtenAliases(
  checker: ts.TypeChecker,
  node: ts.Node | undefined,
  type: ts.Type,
  isPluginNode: (node: ts.Node) => boolean,
): ts.TypeAliasDeclaration[] {
  const chain: ts.TypeAliasDeclaration[] = []
  let current = aliasDeclarationOf(checker, node)
  while (
    current !== undefined &&
    current.typeParameters === undefined &&
    !chain.includes(current) &&
    isPluginNode(current) &&
    checker.getTypeFromTypeNode(current.type) === type
  ) {
    chain.push(current)
    current = aliasDeclarationOf(checker, current.type)
  }
  return chain
}

/** The node written for one member of a union, when `node` writes that union (`Cents | null`). */
export function writtenMemberNode(
  checker: ts.TypeChecker,
  node: ts.Node | undefined,
  member: ts.Type,
): ts.TypeNode | undefined {
  const union = node === undefined ? undefined : unwrapParentheses(node)
  if (union === undefined || !ts.isUnionTypeNode(union)) return undefined
  return union.types.find((candidate) => checker.getTypeFromTypeNode(candidate) === member)
}

/** The node written for the items of an array, when `node` writes one (`T[]`, `Array<T>`). */
export function writtenItemNode(node: ts.Node | undefined): ts.TypeNode | undefined {
  let array = node === undefined ? undefined : unwrapParentheses(node)
  if (array !== undefined && ts.isTypeOperatorNode(array)) array = unwrapParentheses(array.type)
  if (array === undefined) return undefined
  if (ts.isArrayTypeNode(array)) return array.elementType
  if (!ts.isTypeReferenceNode(array) || !ts.isIdentifier(array.typeName)) return undefined
  const name = array.typeName.text
  return name === 'Array' || name === 'ReadonlyArray' ? array.typeArguments?.[0] : undefined
}

/** The node written for the awaited value of a `Promise<T>` return type, else the node. */
export function writtenAwaitedNode(node: ts.TypeNode | undefined): ts.TypeNode | undefined {
  if (node === undefined || !ts.isTypeReferenceNode(node)) return node
  const isPromise = ts.isIdentifier(node.typeName) && node.typeName.text === 'Promise'
  return isPromise ? node.typeArguments?.[0] : node
}

/** The type node a property, parameter or index signature declaration writes, if any. */
export function declaredTypeNode(declaration: ts.Node | undefined): ts.TypeNode | undefined {
  if (declaration === undefined) return undefined
  if (
    ts.isPropertySignature(declaration) ||
    ts.isPropertyDeclaration(declaration) ||
    ts.isParameter(declaration) ||
    ts.isIndexSignatureDeclaration(declaration)
  ) {
    return declaration.type
  }
  return undefined
}

function aliasDeclarationOf(
  checker: ts.TypeChecker,
  node: ts.Node | undefined,
): ts.TypeAliasDeclaration | undefined {
  if (node === undefined) return undefined
  if (ts.isTypeAliasDeclaration(node)) return node
  const reference = unwrapParentheses(node)
  if (!ts.isTypeReferenceNode(reference) || reference.typeArguments !== undefined) return undefined
  let symbol = checker.getSymbolAtLocation(reference.typeName)
  if (symbol !== undefined && symbol.flags & ts.SymbolFlags.Alias) {
    symbol = checker.getAliasedSymbol(symbol)
  }
  return symbol?.declarations?.find(ts.isTypeAliasDeclaration)
}

function unwrapParentheses(node: ts.Node): ts.Node {
  return ts.isParenthesizedTypeNode(node) ? unwrapParentheses(node.type) : node
}
