import { builtinModules } from 'node:module'

const maxLength = 214
const allowed = /[a-z0-9._-]/
// npm refuses these outright. It only warns about core module names, but a package named `http`
// could never be imported: the core module wins.
const reserved = new Set(['node_modules', 'favicon.ico'])

/**
 * Why `name` is not a valid name for a new, unscoped npm package, each as a phrase that follows
 * "it"; an empty list means it is valid. The rules of validate-npm-package-name, without the
 * dependency.
 */
export function packageNameProblems(name: string): string[] {
  if (name === '') return ['is empty']
  const problems: string[] = []
  if (name.startsWith('.')) problems.push('starts with a dot')
  if (name.startsWith('_')) problems.push('starts with an underscore')
  if (/[A-Z]/.test(name)) problems.push('has capital letters')
  if (/\s/.test(name)) problems.push('contains spaces')
  const others = [...new Set(name)].filter((char) => !/[A-Z\s]/.test(char) && !allowed.test(char))
  if (others.length > 0) {
    const listed = others.map((char) => JSON.stringify(char)).join(', ')
    problems.push(`contains ${listed} (only a-z, 0-9, "-", "." and "_" are allowed)`)
  }
  if (name.length > maxLength) problems.push(`is longer than ${maxLength} characters`)
  if (reserved.has(name)) problems.push('is reserved by npm')
  if (builtinModules.includes(name)) problems.push('is the name of a Node.js core module')
  return problems
}

/** A valid name close to `name` (`My Plugin` → `my-plugin`), or undefined when none is near. */
export function suggestPackageName(name: string): string | undefined {
  const suggestion = name
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9._-]/g, '')
    .replace(/^[._]+/, '')
    .slice(0, maxLength)
  return suggestion !== '' && packageNameProblems(suggestion).length === 0 ? suggestion : undefined
}

/** A display title for a package name: `my-plugin` → `My Plugin`. */
export function titleOf(name: string): string {
  return name
    .split(/[-._]+/)
    .filter((word) => word !== '')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')
}
