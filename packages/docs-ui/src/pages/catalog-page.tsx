import type { PluginOverview } from '../lib/documents.js'
import { href } from '../lib/router.js'

/** The lists a section opens on: every prompt, skill or agent, each a link to its page. */
export type CatalogKind = 'prompts' | 'skills' | 'agents'

const TITLES: Record<CatalogKind, string> = {
  prompts: 'Prompts',
  skills: 'Skills',
  agents: 'Agents',
}

export function CatalogPage({ overview, kind }: { overview: PluginOverview; kind: CatalogKind }) {
  const entries =
    kind === 'prompts'
      ? overview.prompts.map((prompt) => ({
          name: prompt.name,
          label: prompt.title ?? prompt.name,
          description: prompt.description,
        }))
      : overview[kind].map((entry) => ({
          name: entry.name,
          label: entry.name,
          description: entry.description,
        }))
  return (
    <section>
      <h1>{TITLES[kind]}</h1>
      {entries.length === 0 ? (
        <p class="muted">This plugin has no {kind}.</p>
      ) : (
        <ul class="catalog">
          {entries.map((entry) => (
            <li key={entry.name} class="card">
              <a href={href(kind, entry.name)}>
                <strong>{entry.label}</strong>
              </a>
              {entry.description && <p class="muted">{entry.description}</p>}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
