/** How many last characters of a token or header {@link tailKeyOf} keeps. */
const TAIL_LENGTH = 32

/**
 * The key a remembered token or `Authorization` header is found by: its last characters (part
 * of the token's signature), the entry then compared whole. Hashing a short key is much cheaper
 * than hashing a kilobyte of token on every call.
 */
export function tailKeyOf(text: string): string {
  return text.slice(-TAIL_LENGTH)
}
