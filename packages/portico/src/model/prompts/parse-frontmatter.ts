import { isMap, isNode, isScalar, isSeq, LineCounter, parseDocument } from 'yaml'
import { PluginDefinitionError } from '../../core/plugin-definition-error.js'

/** A path into the frontmatter: keys of mappings and indexes of lists. */
export type FrontmatterPath = readonly (string | number)[]

/** Parsed frontmatter, with a way back from a path to its line in the file. */
export interface ParsedFrontmatter {
  /** The YAML as plain data; `{}` when the frontmatter is empty. */
  data: unknown
  /** 1-based file line of the deepest key or item of `path` that exists. */
  lineOf(path: FrontmatterPath): number
}

/**
 * Parses the YAML of a frontmatter whose first line is `firstLine` of `file`. Any YAML error or
 * warning (bad syntax, duplicate key, unknown tag) throws {@link PluginDefinitionError} at its line.
 */
export function parseFrontmatter(yaml: string, file: string, firstLine: number): ParsedFrontmatter {
  const lineCounter = new LineCounter()
  const document = parseDocument(yaml, { lineCounter, prettyErrors: false })
  const toFileLine = (offset: number) => firstLine - 1 + lineCounter.linePos(offset).line
  const problem = document.errors[0] ?? document.warnings[0]
  if (problem) {
    throw new PluginDefinitionError(
      { file, line: toFileLine(problem.pos[0]) },
      `invalid YAML in the frontmatter: ${problem.message}`,
    )
  }
  return {
    data: document.contents === null ? {} : document.toJS(),
    lineOf: (path) => toFileLine(findOffset(document.contents, path)),
  }
}

function findOffset(root: unknown, path: FrontmatterPath): number {
  let node = root
  let offset = startOf(root) ?? 0
  for (const segment of path) {
    if (isMap(node)) {
      const pair = node.items.find((item) => isScalar(item.key) && item.key.value === segment)
      if (!pair) break
      offset = startOf(pair.key) ?? offset
      node = pair.value
    } else if (isSeq(node) && typeof segment === 'number') {
      node = node.items[segment]
      offset = startOf(node) ?? offset
    } else {
      break
    }
  }
  return offset
}

function startOf(node: unknown): number | undefined {
  return isNode(node) ? node.range?.[0] : undefined
}
