import { describe, expect, it } from 'vitest'
import { packageNameProblems, suggestPackageName, titleOf } from '../src/package-name.js'

describe('packageNameProblems', () => {
  it.each(['my-plugin', 'notes', 'a.b_c-1', 'x'.repeat(214)])('accepts %s', (name) => {
    expect(packageNameProblems(name)).toEqual([])
  })

  it.each([
    ['', ['is empty']],
    ['My Plugin', ['has capital letters', 'contains spaces']],
    ['.hidden', ['starts with a dot']],
    ['_private', ['starts with an underscore']],
    ['UPPER', ['has capital letters']],
    ['a@b/c', ['contains "@", "/" (only a-z, 0-9, "-", "." and "_" are allowed)']],
    ['café', ['contains "é" (only a-z, 0-9, "-", "." and "_" are allowed)']],
    ['x'.repeat(215), ['is longer than 214 characters']],
    ['node_modules', ['is reserved by npm']],
    ['http', ['is the name of a Node.js core module']],
  ])('refuses %j', (name, problems) => {
    expect(packageNameProblems(name)).toEqual(problems)
  })
})

describe('suggestPackageName', () => {
  it.each([
    ['My Plugin', 'my-plugin'],
    ['.hidden', 'hidden'],
    ['UPPER', 'upper'],
    ['@@@', undefined],
    ['HTTP', undefined],
  ])('suggests for %j: %j', (name, suggestion) => {
    expect(suggestPackageName(name)).toBe(suggestion)
  })
})

describe('titleOf', () => {
  it.each([
    ['my-plugin', 'My Plugin'],
    ['notes', 'Notes'],
    ['a_b.c--d', 'A B C D'],
  ])('titles %s as %s', (name, title) => {
    expect(titleOf(name)).toBe(title)
  })
})
