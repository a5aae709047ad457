/**
 * The protocol era one exchange serves: `legacy`, the initialize-based revisions (2024-10-07 to
 * 2025-11-25), or `modern`, 2026-07-28. Every rule that differs by era starts from the
 * constants and predicates here and in this room (`isLegacyEra`, `eraOfRequest`, `refuseBatch`),
 * so that a new revision is added in one place.
 */
export type McpEra = 'legacy' | 'modern'

/**
 * The initialize-based revisions Portico serves (2024-10-07 to 2025-11-25), newest first: the
 * one list behind every rule of that era. The hot path reads it, and every SDK server is built
 * with it (`supportedProtocolVersions`), so it decides what `initialize` negotiates (the
 * client's version when listed, else the first), which `MCP-Protocol-Version` the transport
 * accepts, and the list its refusal names. It holds the SDK's `SUPPORTED_PROTOCOL_VERSIONS`:
 * 2024-11-05 (the first published revision, which clients pinned to it still send) and
 * 2024-10-07 (the name the SDKs used before it) are served as the 2025 revisions are, since a
 * result's newer fields are ones an older client ignores. Written out rather than imported,
 * because the hot path must answer before the SDK has loaded (it loads lazily: importing it
 * costs about 100 ms at start); a test asserts that the two lists are equal, so an SDK upgrade
 * that changes its list fails the suite until this one follows.
 */
export const LEGACY_PROTOCOL_VERSIONS: readonly string[] = [
  '2025-11-25',
  '2025-06-18',
  '2025-03-26',
  '2024-11-05',
  '2024-10-07',
]

/** The stateless revision, whose requests carry their version in `_meta` (the SDK's only one). */
export const MODERN_PROTOCOL_VERSION = '2026-07-28'

/**
 * The one revision whose messages may be JSON-RPC batches: 2025-03-26 added them and 2025-06-18
 * removed them. A request without `MCP-Protocol-Version` is taken to be of this revision, as the
 * 2025 transports say a server may assume.
 */
export const BATCH_PROTOCOL_VERSION = '2025-03-26'

/**
 * The keys of a 2026-07-28 request's envelope, and of its answer's, in `_meta`: the SDK's
 * `PROTOCOL_VERSION_META_KEY`, `CLIENT_CAPABILITIES_META_KEY`, `CLIENT_INFO_META_KEY`,
 * `LOG_LEVEL_META_KEY`, `SERVER_INFO_META_KEY` and `RELATED_TASK_META_KEY`, written out for the
 * hot path as the versions are (a test holds them equal).
 */
export const META_PROTOCOL_VERSION = 'io.modelcontextprotocol/protocolVersion'
export const META_CLIENT_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities'
export const META_CLIENT_INFO = 'io.modelcontextprotocol/clientInfo'
export const META_LOG_LEVEL = 'io.modelcontextprotocol/logLevel'
export const META_SERVER_INFO = 'io.modelcontextprotocol/serverInfo'
export const META_RELATED_TASK = 'io.modelcontextprotocol/related-task'
/** The key of a `subscriptions/listen` stream's id on each notification it carries (2026-07-28). */
export const META_SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId'

/** Whether a version header names one of the initialize-based revisions. */
export function isLegacyVersion(version: string): boolean {
  return LEGACY_VERSIONS.has(version)
}

const LEGACY_VERSIONS: ReadonlySet<string> = new Set(LEGACY_PROTOCOL_VERSIONS)

const REVISION_SHAPE = /^\d{4}-\d{2}-\d{2}$/

/**
 * Whether a version header names a revision at all (`YYYY-MM-DD`). The SDK tells the eras apart
 * by comparing strings, so it takes any value sorting after `2026-07-28` (`banana`) for a
 * modern revision whose request lacks its envelope; a value that names none is rather an
 * unsupported version.
 */
export function namesRevision(version: string): boolean {
  return REVISION_SHAPE.test(version)
}
