import { describe, expect, it } from 'vitest'
import type { PluginModel } from '../../model/plugin-model.js'
import { createRouteOf, methodOf } from './create-route-of.js'

const model = {
  tools: [{ id: 'Notes_list', className: 'Notes', methodName: 'list' }],
  config: { mcp: { servers: { admin: { tools: ['Notes'] } } } },
} as unknown as PluginModel

describe('createRouteOf', () => {
  const routeOf = createRouteOf(model)

  it('names the route and tool of a REST call', () => {
    expect(routeOf('/api/Notes/list')).toEqual({
      surface: 'rest',
      route: '/api/Notes/list',
      tool: 'Notes_list',
    })
  })

  it('names /mcp and the configured /mcp/<name>, and counts the JSON mirrors as documents', () => {
    expect(routeOf('/mcp')).toEqual({ surface: 'mcp', route: '/mcp' })
    expect(routeOf('/mcp/admin')).toEqual({ surface: 'mcp', route: '/mcp/admin' })
    expect(routeOf('/mcp.json')).toEqual({ surface: 'documents' })
    expect(routeOf('/mcp/admin.json')).toEqual({ surface: 'documents' })
  })

  it('gives a path the plugin does not serve no route, so a scanner makes no new series', () => {
    expect(routeOf('/api/Notes/list2')).toEqual({ surface: 'rest' })
    expect(routeOf('/mcp/nope')).toEqual({ surface: 'mcp' })
    expect(routeOf('/wp-admin/setup.php')).toEqual({ surface: 'documents' })
    expect(routeOf('/api/x')).toBe(routeOf('/api/y'))
  })
})

describe('methodOf', () => {
  it('keeps the methods HTTP defines and makes any other _OTHER', () => {
    expect(methodOf('POST')).toBe('POST')
    expect(methodOf('BREW')).toBe('_OTHER')
    expect(methodOf(undefined)).toBe('_OTHER')
  })
})
