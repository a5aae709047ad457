/** Verdicts by header value: clients send the same few Host and Origin values again and again. */
const VERDICT_CACHE_SIZE = 64

/**
 * Memoizes a judgement of a header value, so that a value is parsed once rather than once per
 * request. The values are the client's to choose, so the cache holds a few and starts over.
 */
export function memoizeVerdicts<T>(judge: (value: string) => T): (value: string) => T {
  const verdicts = new Map<string, T>()
  return (value) => {
    if (verdicts.has(value)) return verdicts.get(value) as T
    if (verdicts.size >= VERDICT_CACHE_SIZE) verdicts.clear()
    const verdict = judge(value)
    verdicts.set(value, verdict)
    return verdict
  }
}
