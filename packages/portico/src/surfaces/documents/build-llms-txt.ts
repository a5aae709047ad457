import { buildDocumentUrl } from './document-urls.js'
import type { PluginOverview } from './plugin-overview-types.js'

/**
 * Builds `/llms.txt` (llmstxt.org): an H1 with the plugin's title, a blockquote with its
 * description, then one H2 section of links each for the tools, prompts, skills, agents and
 * the machine documents. A projection of the overview, so the two name the same URLs.
 *
 * @example
 * import { buildLlmsTxt } from './build-llms-txt.js'
 * buildLlmsTxt(overview, 'https://notes.example.com').split('\n')[0] // '# Notes'
 */
export function buildLlmsTxt(overview: PluginOverview, origin: string): string {
  const url = (path: string) => buildDocumentUrl(origin, path)
  const page = (kind: string, name: string) => url(`/#/${kind}/${encodeURIComponent(name)}`)
  const { identity } = overview
  const lines = [`# ${oneLine(identity.title)}`, '']
  if (identity.description) lines.push(`> ${oneLine(identity.description)}`, '')
  lines.push(
    `Docs: ${url('/')}. Every tool is a REST operation (POST, JSON body; described by ${url('/open-api.json')}) and an MCP tool of ${url('/mcp')}.`,
    '',
  )
  const section = (title: string, items: string[]) => {
    if (items.length > 0) lines.push(`## ${title}`, '', ...items, '')
  }
  section(
    'Tools',
    overview.tools.map(
      (tool) =>
        `${link(tool.title ?? tool.id, page('tools', tool.id))}${note(tool.summary)} REST: ${tool.rest}; MCP: ${tool.mcp} (tool \`${tool.id}\`)`,
    ),
  )
  section(
    'Prompts',
    overview.prompts.map(
      (prompt) =>
        `${link(prompt.title ?? prompt.name, page('prompts', prompt.name))}${note(prompt.description)} MCP: ${url('/mcp')} (prompt \`${prompt.name}\`)`,
    ),
  )
  section(
    'Skills',
    overview.skills.map(
      (skill) =>
        `${link(skill.name, page('skills', skill.name))}${note(skill.description)} SKILL.md: ${skill.browse}; zip: ${skill.zip}`,
    ),
  )
  section(
    'Agents',
    overview.agents.map(
      (agent) =>
        `${link(agent.name, agent.html)}${note(agent.description)} Markdown: ${agent.markdown}`,
    ),
  )
  section('Documents', [
    `- [OpenAPI](${url('/open-api.json')}): the REST API`,
    `- [MCP servers](${url('/mcp.json')}): every MCP server of the plugin, by key`,
    `- [Contents](${url('/com.portico.plugin/contents.json')}): everything above, as JSON`,
    `- [Claude Code marketplace](${url('/.claude-plugin/marketplace.json')}): installs the plugin in Claude Code`,
    `- [Plugin package](${url('/plugin.zip')}): the agent plugin as a zip`,
  ])
  return `${lines.join('\n').trimEnd()}\n`
}

function link(text: string, href: string): string {
  return `- [${oneLine(text).replace(/[[\]]/g, '\\$&')}](${href})`
}

/** `: <text>.`, or a bare `:` before the item's other notes: llms.txt puts notes after a colon. */
function note(text: string | undefined): string {
  return text ? `: ${oneLine(text)}.`.replace(/\.\.$/, '.') : ':'
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}
