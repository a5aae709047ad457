import type { OpenApiDocument } from '../api/open-api-types.js'
import { PorticoApiView } from '../api/portico-api-view.js'
import { Awaited } from '../components/awaited.js'
import { type PluginOverview, useDocument } from '../lib/documents.js'
import { href } from '../lib/router.js'
import { useLazyModule } from '../lib/use-async.js'

const OPEN_API_PATH = '/open-api.json'

/** Swagger UI is a chunk of its own (with its styles), fetched when its view opens. */
const loadSwagger = () => import('../api/swagger-view.js')

/** The REST API (`#/api`): Portico's reading of the OpenAPI document, or Swagger UI on it. */
export function ApiPage({
  overview,
  view,
}: {
  overview: PluginOverview
  view: 'portico' | 'swagger'
}) {
  return (
    <>
      <div class="api-head">
        <h1>{overview.identity.title} REST API</h1>
        <nav class="api-views" aria-label="API views">
          <a href={href('api')} aria-current={view === 'portico' ? 'page' : undefined}>
            Overview
          </a>
          <a href={href('api', 'swagger')} aria-current={view === 'swagger' ? 'page' : undefined}>
            Swagger UI
          </a>
        </nav>
      </div>
      <p class="muted">
        Every tool is <code>POST /api/&lt;Class&gt;/&lt;method&gt;</code> with its input as a JSON
        body. The OpenAPI 3.0 document: <a href={OPEN_API_PATH}>{OPEN_API_PATH}</a>.
      </p>
      {view === 'swagger' ? <LazySwagger /> : <PorticoView />}
    </>
  )
}

function PorticoView() {
  const document = useDocument<OpenApiDocument>(OPEN_API_PATH)
  return (
    <Awaited state={document} what="the OpenAPI document">
      {(value) => <PorticoApiView document={value} />}
    </Awaited>
  )
}

function LazySwagger() {
  return (
    <Awaited state={useLazyModule(loadSwagger)} what="Swagger UI">
      {({ SwaggerView }) => <SwaggerView />}
    </Awaited>
  )
}
