import { createHash } from 'node:crypto'

/** Background colours of avatars, dark enough for white initials (contrast ≥ 4.5:1). */
const COLOURS = ['#0f766e', '#1d4ed8', '#7c3aed', '#b91c1c', '#a16207', '#15803d', '#be185d']

/**
 * A round SVG avatar with the first two letters of `username` on a colour chosen by it, so
 * that test users' `picture` claims point at a real image the hub serves, offline.
 */
export function renderAvatar(username: string): string {
  const initials = username
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 2)
    .toUpperCase()
  const hash = createHash('sha256').update(username).digest()
  const colour = COLOURS[(hash[0] ?? 0) % COLOURS.length]
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-label="${initials}"><circle cx="48" cy="48" r="48" fill="${colour}"/><text x="48" y="48" dy=".35em" text-anchor="middle" font-family="system-ui, sans-serif" font-size="40" font-weight="600" fill="#fff">${initials}</text></svg>`
}
