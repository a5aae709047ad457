import { describe, expect, it } from 'vitest'
import { compileUriTemplate, readUriTemplateVariables } from './uri-template.js'

describe('readUriTemplateVariables', () => {
  it('lists the variables of a level 1 template in order', () => {
    expect(readUriTemplateVariables('notes://notes/{kind}/{id}.json')).toEqual(['kind', 'id'])
  })

  it.each([
    ['', 'the template is empty'],
    ['notes://{a}{b}', '{b} follows another expression directly'],
    ['notes://x/{?q}', '{?q} is not a plain variable'],
    ['notes://x/{a b}', '{a b} is not a plain variable'],
    ['notes://x/}', 'a "}" at character 11 closes no expression'],
    ['notes://x/{a', 'the "{" at character 11 is never closed'],
    ['notes://x y/{a}', 'holds a character a URI cannot'],
    ['ui://widgets/{id}', 'the scheme "ui" is taken'],
    [`notes://${'x'.repeat(2100)}/{a}`, 'longer than 2048 characters'],
  ])('refuses %j', (template, problem) => {
    expect(() => readUriTemplateVariables(template)).toThrow(problem)
  })
})

describe('compileUriTemplate', () => {
  const match = compileUriTemplate('notes://notes/{kind}/{id}.json')

  it('finds each variable, percent-decoded', () => {
    expect(match('notes://notes/book/42.json')).toEqual({ kind: 'book', id: '42' })
    expect(match('notes://notes/a%20b/%2F.json')).toEqual({ kind: 'a b', id: '/' })
  })

  it('matches nothing across a slash, a query or a fragment, nor a broken escape', () => {
    expect(match('notes://notes/a/b/42.json')).toBeUndefined()
    expect(match('notes://notes/a/42.json?x=1')).toBeUndefined()
    expect(match('notes://notes/a/4#2.json')).toBeUndefined()
    expect(match('notes://notes/a/%E0%A4%A.json')).toBeUndefined()
    expect(match('notes://notes//42.json')).toBeUndefined()
  })

  it('takes the literal text literally', () => {
    const dotted = compileUriTemplate('a.b://x.y/{id}')
    expect(dotted('a.b://x.y/1')).toEqual({ id: '1' })
    expect(dotted('aXb://xzy/1')).toBeUndefined()
  })
})
