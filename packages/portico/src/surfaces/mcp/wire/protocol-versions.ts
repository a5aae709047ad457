/**
 * The initialize-based revisions (2024-10-07 to 2025-11-25), newest first: the SDK's
 * `SUPPORTED_PROTOCOL_VERSIONS`, which its 2025 transport accepts in `MCP-Protocol-Version`.
 * Written out rather than imported, because the hot path must answer before the SDK has loaded
 * (it loads lazily: importing it costs about 100 ms at start); a test asserts that the two lists
 * are equal, so an SDK upgrade that changes its list fails the suite until this one follows.
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
