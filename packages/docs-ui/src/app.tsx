import type { ComponentChildren } from 'preact'
import { useEffect, useRef } from 'preact/hooks'
import { AuthorizeButton } from './components/authorize-button.js'
import { Awaited } from './components/awaited.js'
import { SearchLauncher } from './components/search-launcher.js'
import { Sidebar } from './components/sidebar.js'
import { ThemeSwitch } from './components/theme-switch.js'
import { accentVariables } from './lib/accent-colors.js'
import { loginUrl } from './lib/access-token.js'
import { CONTENTS_PATH, type PluginOverview, useDocument } from './lib/documents.js'
import { keepScrollersFocusable } from './lib/focusable-scrollers.js'
import { href, type Route, useRoute } from './lib/router.js'
import { useLazyModule } from './lib/use-async.js'
import { ApiPage } from './pages/api-page.js'
import { CatalogPage } from './pages/catalog-page.js'
import { McpPage } from './pages/mcp-page.js'
import { NotFoundPage } from './pages/not-found-page.js'
import { OverviewPage } from './pages/overview-page.js'
import { ToolsPage } from './pages/tools-page.js'

// The pages with forms and markdown are chunks of their own: the overview renders without them.
const loadToolPage = () => import('./pages/tool-page.js')
const loadPromptPage = () => import('./pages/prompt-page.js')
const loadSkillPage = () => import('./pages/skill-page.js')
const loadAgentPage = () => import('./pages/agent-page.js')

/** Renders `children` with the module `load` gives, once it has arrived. */
function OnDemand<M>({
  load,
  children,
}: {
  load: () => Promise<M>
  children: (module: M) => ComponentChildren
}) {
  return (
    <Awaited state={useLazyModule(load)} what="this page">
      {children}
    </Awaited>
  )
}

export function App() {
  const route = useRoute()
  const contents = useDocument<PluginOverview>(CONTENTS_PATH)
  const overview = contents.status === 'ready' ? contents.value : undefined

  useEffect(() => {
    if (!overview) return
    document.title = overview.identity.title
    // The plugin's colour, moved per theme until text in it reads at 4.5:1 (WCAG 1.4.3).
    const variables = accentVariables(overview.style.color)
    const root = document.documentElement.style
    root.setProperty('--accent', variables?.accent ?? overview.style.color)
    if (variables) root.setProperty('--on-accent', variables.onAccent)
  }, [overview])
  useEffect(() => keepScrollersFocusable(document.body), [])
  // After a link changes the page, focus moves to its content, as a page load would put a
  // screen reader at the top; on the first load it stays at the start, before the top bar.
  const firstRoute = useRef(true)
  useEffect(() => {
    if (firstRoute.current) {
      firstRoute.current = false
      return
    }
    document.getElementById('main')?.focus({ preventScroll: true })
    scrollTo(0, 0)
  }, [route.segments.join('/')])

  // Until the contents are in, nothing of the page is drawn: the header, sidebar and content
  // then appear at once instead of moving when the title and contents arrive (layout shift).
  if (contents.status === 'loading') {
    return (
      <p class="app-loading" aria-busy="true">
        Loading…
      </p>
    )
  }
  const icon = overview?.style.icons[0]
  return (
    <>
      {/* A button, not a link to #main: the route lives in the fragment. */}
      <button
        type="button"
        class="skip-link"
        onClick={() => document.getElementById('main')?.focus()}
      >
        Skip to content
      </button>
      <header class="topbar">
        <a class="brand" href={href()}>
          {icon && <img src={icon} alt="" width={28} height={28} />}
          <span>{overview?.identity.title ?? 'Portico'}</span>
          {overview?.identity.version && <span class="version">v{overview.identity.version}</span>}
        </a>
        <nav aria-label="Sections" class="sections">
          <a href={href()} aria-current={route.segments.length === 0 ? 'page' : undefined}>
            Overview
          </a>
          <a href={href('tools')} aria-current={route.segments[0] === 'tools' ? 'page' : undefined}>
            Tools
          </a>
          <a href={href('mcp')} aria-current={route.segments[0] === 'mcp' ? 'page' : undefined}>
            MCP
          </a>
          <a href={href('api')} aria-current={route.segments[0] === 'api' ? 'page' : undefined}>
            API
          </a>
        </nav>
        <div class="actions">
          {overview && <SearchLauncher overview={overview} />}
          <AuthorizeButton loginUrl={loginUrl()} />
          <ThemeSwitch />
        </div>
      </header>
      <div class="layout">
        {overview && <Sidebar overview={overview} route={route} />}
        <main id="main" tabIndex={-1}>
          {contents.status === 'failed' ? (
            <p role="alert">The plugin's contents could not be read: {contents.message}</p>
          ) : (
            overview && <Page route={route} overview={overview} />
          )}
        </main>
      </div>
    </>
  )
}

function Page({ route, overview }: { route: Route; overview: PluginOverview }) {
  const [section, name, ...rest] = route.segments
  switch (section) {
    case undefined:
      return <OverviewPage overview={overview} />
    case 'tools':
      return name === undefined ? (
        <ToolsPage overview={overview} />
      ) : (
        <OnDemand load={loadToolPage}>
          {({ ToolPage }) => <ToolPage overview={overview} toolId={name} />}
        </OnDemand>
      )
    case 'prompts':
      return name === undefined ? (
        <CatalogPage overview={overview} kind="prompts" />
      ) : (
        <OnDemand load={loadPromptPage}>
          {({ PromptPage }) => <PromptPage overview={overview} name={name} />}
        </OnDemand>
      )
    case 'skills':
      return name === undefined ? (
        <CatalogPage overview={overview} kind="skills" />
      ) : (
        <OnDemand load={loadSkillPage}>
          {({ SkillPage }) => (
            <SkillPage overview={overview} name={name} file={rest.join('/') || undefined} />
          )}
        </OnDemand>
      )
    case 'agents':
      return name === undefined ? (
        <CatalogPage overview={overview} kind="agents" />
      ) : (
        <OnDemand load={loadAgentPage}>
          {({ AgentPage }) => <AgentPage overview={overview} name={name} />}
        </OnDemand>
      )
    case 'mcp':
      return <McpPage overview={overview} server={name ?? 'main'} />
    case 'api':
      return <ApiPage overview={overview} view={name === 'swagger' ? 'swagger' : 'portico'} />
    default:
      return <NotFoundPage />
  }
}
