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

/**
 * The node written for one member of a union, when `node` writes that union (`Cents | null`),
 * directly or through a non-generic alias.
 */
export function writtenMemberNode(
  checker: ts.TypeChecker,
  node: ts.Node | undefined,
  member: ts.Type,
): ts.TypeNode | undefined {
  let union = node
  for (let depth = 0; union !== undefined && depth < 8; depth += 1) {
    if (ts.isTypeAliasDeclaration(union)) union = union.type
    union = unwrapParentheses(union)
    if (ts.isUnionTypeNode(union)) {
      const written = union.types
      return written.find((candidate) => checker.getTypeFromTypeNode(candidate) === member)
    }
    const alias = aliasDeclarationOf(checker, union)
    union = alias?.typeParameters === undefined ? alias : undefined
  }
  return undefined
}

/**
 * `members` in the order the union is written at `node` (through aliases and nested unions),
 * since the checker orders a union's members by when it first met each type: `1 | 2 | 3` is
 * `[2, 1, 3]` to it once `2` was seen before. Members not found keep their order, at the end.
 */
export function inWrittenOrder(
  checker: ts.TypeChecker,
  node: ts.Node | undefined,
  members: readonly ts.Type[],
): ts.Type[] {
  const written = writtenUnionMembers(checker, node, 0)
  if (written.length === 0) return [...members]
  const rank = (member: ts.Type) => {
    const index = written.findIndex(
      (type) => type === member || (type.isUnion() && type.types.includes(member)),
    )
    return index === -1 ? written.length : index
  }
  return members
    .map((member, index) => ({ member, index, rank: rank(member) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ member }) => member)
}

/** The types a union node writes, in order, nested unions and aliases of unions spread. */
function writtenUnionMembers(
  checker: ts.TypeChecker,
  node: ts.Node | undefined,
  depth: number,
): ts.Type[] {
  // aliases may refer to each other; a union is not written that deep by hand
  if (node === undefined || depth > 8) return []
  const written = ts.isTypeAliasDeclaration(node) ? node.type : unwrapParentheses(node)
  if (ts.isUnionTypeNode(written)) {
    return written.types.flatMap((member) => {
      const nested = writtenUnionMembers(checker, member, depth + 1)
      return nested.length > 0 ? nested : [checker.getTypeFromTypeNode(member)]
    })
  }
  const alias = aliasDeclarationOf(checker, written)
  if (alias === undefined || alias.typeParameters !== undefined) return []
  return writtenUnionMembers(checker, alias, depth + 1)
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
