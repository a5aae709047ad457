import type { McpServerCatalog } from './build-mcp-catalogs.js'

/**
 * One `T` per MCP server, built on first use by `build` (which imports the SDK: it takes
 * longer to load than the rest of Portico, so nothing loads it before a request needs it).
 */
export function lazyPerServer<T>(
  catalogs: Map<string, McpServerCatalog>,
  build: (catalog: McpServerCatalog) => Promise<T>,
): () => Promise<Map<string, T>> {
  let built: Promise<Map<string, T>> | undefined
  return () => {
    built ??= Promise.all(
      [...catalogs].map(async ([name, catalog]) => [name, await build(catalog)] as const),
    ).then(
      (entries) => new Map(entries),
      (error: unknown) => {
        // A failed load is not kept: the next request tries again, and reports it if it fails.
        built = undefined
        throw error
      },
    )
    return built
  }
}
