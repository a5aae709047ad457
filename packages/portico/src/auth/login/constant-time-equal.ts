import { timingSafeEqual } from 'node:crypto'

/**
 * Whether two strings are equal, in time that depends on their length only: comparing a secret
 * (a login `state`) character by character would tell an attacker how much of a guess is right.
 */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}
