import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  fixtureDir,
  notesExampleDir,
  type ServedPlugin,
  servePlugin,
} from '../support/serve-plugin.js'

const plugins = { notes: notesExampleDir, 'ui-plugin': fixtureDir('ui-plugin') }
const served = new Map<string, ServedPlugin>()

beforeAll(async () => {
  for (const [name, dir] of Object.entries(plugins)) served.set(name, await servePlugin(dir))
})
afterAll(async () => {
  for (const server of served.values()) await server.close()
})

/** Every string anywhere in a JSON value. */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap(stringsIn)
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsIn)
  return []
}

async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url)
  expect(response.status, url).toBe(200)
  return response.json()
}

/** The documents that advertise URLs, agent files included. */
async function advertisedUrls(origin: string): Promise<string[]> {
  const paths = [
    '/com.portico.plugin/contents.json',
    '/plugin.json',
    '/mcp-server.json',
    '/skills/catalog.json',
    '/agents/catalog.json',
  ]
  const catalog = (await getJson(`${origin}/agents/catalog.json`)) as { agents: { name: string }[] }
  paths.push(...catalog.agents.map((agent) => `/agents/${encodeURIComponent(agent.name)}.json`))
  const documents = await Promise.all(paths.map((path) => getJson(`${origin}${path}`)))
  return [...new Set(documents.flatMap(stringsIn).filter((text) => text.startsWith(origin)))]
}

describe.each(Object.keys(plugins))('the URLs the documents of %s advertise', (name) => {
  it('all exist: none answers 404, and docs-site pages are agent pages of the site at /', async () => {
    const origin = served.get(name)?.url ?? ''
    const urls = await advertisedUrls(origin)
    expect(urls.length).toBeGreaterThan(5)
    // A fragment names a page of the docs site (the browser tests open each one).
    const pages = urls.filter((url) => url.includes('#'))
    for (const page of pages) expect(page).toMatch(new RegExp(`^${origin}/#/agents/[^/]+$`))
    const missing: string[] = []
    for (const url of urls) {
      const response = await fetch(url, { redirect: 'manual' })
      await response.arrayBuffer()
      if (response.status === 404) missing.push(url)
    }
    expect(missing).toEqual([])
  })
})

describe('the widget pages the overview advertises', () => {
  it('name each widget, on the tool and in the widgets list, and answer with the page', async () => {
    const origin = served.get('ui-plugin')?.url ?? ''
    const overview = (await getJson(`${origin}/com.portico.plugin/contents.json`)) as {
      tools: { id: string; widget?: string }[]
      widgets: { toolId: string; url: string }[]
    }
    const page = `${origin}/widgets/Board_show`
    expect(overview.widgets).toEqual([
      { toolId: 'Board_show', uri: 'ui://widgets/Board_show.html', url: page },
    ])
    expect(overview.tools.filter((tool) => tool.widget).map((tool) => tool.widget)).toEqual([page])
    const response = await fetch(page)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(await response.text()).toContain('<div id="board">Board</div>')
  })
})
