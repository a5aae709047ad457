import { escapePointer } from './compile-validator.js'

/**
 * The JSON Pointer of the first place, depth first, where `value` holds an object that contains
 * it (a circular structure), or `undefined` when there is none, or when the value is nested too
 * deeply to walk at all. Only called once shaping has failed: it walks every own enumerable
 * property, each object once.
 */
export function findCycle(value: unknown): string | undefined {
  const ancestors = new Set<object>()
  const acyclic = new WeakSet<object>()
  const path: string[] = []
  const walk = (node: unknown): boolean => {
    if (typeof node !== 'object' || node === null || acyclic.has(node)) return false
    if (ancestors.has(node)) return true
    ancestors.add(node)
    for (const [key, child] of Object.entries(node)) {
      path.push(escapePointer(key))
      if (walk(child)) return true
      path.pop()
    }
    ancestors.delete(node)
    acyclic.add(node)
    return false
  }
  try {
    return walk(value) ? `/${path.join('/')}` : undefined
  } catch {
    // Deeper than the stack: no cycle named, the caller says "too deep".
    return undefined
  }
}
