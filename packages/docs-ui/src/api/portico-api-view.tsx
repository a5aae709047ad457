import { useRef } from 'preact/hooks'
import { RichText, SchemaView } from '../components/schema-view.js'
import {
  type Components,
  resolveRequestBody,
  resolveResponses,
  typeLabel,
} from '../lib/json-schema.js'
import { href } from '../lib/router.js'
import { useDeferredRender } from '../lib/use-deferred-render.js'
import {
  HTTP_METHODS,
  type HttpMethod,
  type OpenApiDocument,
  type OpenApiMediaType,
  type OpenApiOperation,
  type OpenApiRequestBody,
  type OpenApiResponse,
  type SecurityRequirement,
} from './open-api-types.js'

/** One operation with where it lives. */
interface Located {
  method: HttpMethod
  path: string
  operation: OpenApiOperation
}

/**
 * Operations drawn whole in the first render: about a screen's worth. The others draw their
 * request and responses when the reader scrolls near them (lib/use-deferred-render.ts), so a
 * plugin with many tools does not block the first render in one long task.
 */
const FIRST_SCREEN_OPERATIONS = 3

/** Operations of one tag (Portico: one tool class), in the document's order. */
interface TagGroup {
  name: string
  description?: string
  operations: Located[]
}

/**
 * Portico's own reading of `/open-api.json`: the document's info, servers and security
 * schemes, then every operation grouped by tag, with its request body and responses outlined
 * and a link to the tool's page.
 */
export function PorticoApiView({ document }: { document: OpenApiDocument }) {
  const components = document.components?.schemas ?? {}
  const schemes = Object.entries(document.components?.securitySchemes ?? {})
  const { info } = document
  return (
    <>
      <section class="card api-info" aria-label="About this API">
        <p>
          <strong>{info.title}</strong> <span class="muted">v{info.version}</span>{' '}
          <span class="badge">OpenAPI {document.openapi}</span>
        </p>
        {info.description && (
          <p>
            <RichText text={info.description} />
          </p>
        )}
        <dl class="api-facts-list">
          <dt>Servers</dt>
          <dd>
            {(document.servers ?? []).length === 0 ? (
              <span class="muted">This origin.</span>
            ) : (
              (document.servers ?? []).map((server) => (
                <div key={server.url}>
                  <code>{server.url}</code>
                  {server.description && <span class="muted"> — {server.description}</span>}
                </div>
              ))
            )}
          </dd>
          <dt>Authentication</dt>
          <dd>
            {schemes.length === 0 ? (
              <span>None: anyone who reaches the server may call every operation.</span>
            ) : (
              <>
                {schemes.map(([name, scheme]) => (
                  <div key={name}>
                    <code>{name}</code>:{' '}
                    {scheme.type === 'http'
                      ? `HTTP ${scheme.scheme ?? ''}${scheme.bearerFormat ? ` (${scheme.bearerFormat})` : ''}`
                      : scheme.type === 'apiKey'
                        ? `API key in the ${scheme.in ?? ''} ${scheme.name ?? ''}`
                        : scheme.type}
                    {scheme.description && (
                      <div class="muted">
                        <RichText text={scheme.description} />
                      </div>
                    )}
                  </div>
                ))}
                <div class="muted">
                  The Authorize button at the top stores a token that every call of this site sends.
                </div>
              </>
            )}
          </dd>
          {info.license && (
            <>
              <dt>Licence</dt>
              <dd>
                {info.license.url ? (
                  <a href={info.license.url} rel="noreferrer">
                    {info.license.name}
                  </a>
                ) : (
                  info.license.name
                )}
              </dd>
            </>
          )}
        </dl>
      </section>
      {groupByTag(document).map((group, groupIndex, groups) => (
        <section key={group.name} class="api-tag" aria-labelledby={`api-tag-${group.name}`}>
          <h2 id={`api-tag-${group.name}`}>{group.name}</h2>
          {group.description && (
            <p class="muted">
              <RichText text={group.description} />
            </p>
          )}
          {group.operations.map((located, index) => (
            <Operation
              key={`${located.method} ${located.path}`}
              located={located}
              eager={operationsBefore(groups, groupIndex) + index < FIRST_SCREEN_OPERATIONS}
              components={components}
              sharedResponses={document.components?.responses}
              sharedBodies={document.components?.requestBodies}
              security={located.operation.security ?? document.security ?? []}
            />
          ))}
        </section>
      ))}
    </>
  )
}

interface OperationProps {
  located: Located
  components: Components
  sharedResponses: Record<string, OpenApiResponse> | undefined
  sharedBodies: Record<string, OpenApiRequestBody> | undefined
  security: SecurityRequirement[]
}

/** One operation: its head and summary at once, its request and responses when drawn. */
function Operation({ eager, ...props }: OperationProps & { eager: boolean }) {
  const {
    located: { method, path, operation },
    security,
  } = props
  const head = useRef<HTMLElement>(null)
  const drawn = useDeferredRender(eager, head)
  const details = moreThanSummary(operation)
  const schemeNames = [...new Set(security.flatMap((requirement) => Object.keys(requirement)))]
  return (
    <article class="card api-operation" data-testid="api-operation">
      <header class="api-operation-head" ref={head}>
        <span class={`api-method api-method-${method}`}>{method.toUpperCase()}</span>
        <code class="api-path">{path}</code>
        {operation.deprecated && <span class="badge">deprecated</span>}
        {schemeNames.map((name) => (
          <span key={name} class="badge" title="The security scheme a call needs">
            auth: {name}
          </span>
        ))}
        {operation.operationId && (
          <a class="api-tool-link" href={href('tools', operation.operationId)}>
            {operation.operationId} →
          </a>
        )}
      </header>
      {operation.summary && (
        <p class="api-summary">
          <RichText text={operation.summary} />
        </p>
      )}
      {details && (
        <p class="muted">
          <RichText text={details} />
        </p>
      )}
      {drawn ? (
        <OperationBody {...props} />
      ) : (
        <div class="api-columns-pending" data-testid="api-operation-pending" />
      )}
    </article>
  )
}

/** The request body and responses of an operation: the schema walking is here. */
function OperationBody({
  located: { path, operation },
  components,
  sharedResponses,
  sharedBodies,
}: OperationProps) {
  const body = resolveRequestBody(operation.requestBody, sharedBodies)
  const responses = resolveResponses(operation.responses, sharedResponses)
  const successes = responses.filter(([status]) => status.startsWith('2'))
  const failures = responses.filter(([status]) => !status.startsWith('2'))
  const bodyMedia = body && firstMedia(body.content)
  return (
    <div class="api-columns">
      <div>
        <h3>
          Request body{' '}
          {body && (
            <span class="muted">
              {body.required ? 'required' : 'optional'}
              {bodyMedia && `, ${bodyMedia.type}`}
            </span>
          )}
        </h3>
        {!body ? (
          <p class="muted">None.</p>
        ) : bodyMedia?.media.schema ? (
          <SchemaView
            schema={bodyMedia.media.schema}
            components={components}
            idPrefix={`api-${operation.operationId ?? path}-in`}
          />
        ) : (
          <p class="muted">Any {bodyMedia?.type ?? 'content'}.</p>
        )}
      </div>
      <div>
        <h3>Responses</h3>
        <ul class="api-responses">
          {successes.map(([status, response]) => {
            const media = response.content && firstMedia(response.content)
            const schema = media?.media.schema
            return (
              <li key={status}>
                <code class={`api-status api-status-${status[0]}`}>{status}</code>{' '}
                <RichText text={response.description} />
                {schema &&
                  (status.startsWith('2') ? (
                    <details>
                      <summary>
                        Schema <span class="api-type">{typeLabel(schema, components)}</span>
                      </summary>
                      <SchemaView
                        schema={schema}
                        components={components}
                        idPrefix={`api-${operation.operationId ?? path}-${status}`}
                      />
                    </details>
                  ) : (
                    <span class="api-type"> {typeLabel(schema, components)}</span>
                  ))}
              </li>
            )
          })}
        </ul>
        {failures.length > 0 && (
          // Every operation shares the same problem answers: one line, the details on demand.
          <details class="api-errors">
            <summary>
              Errors{' '}
              {failures.map(([status]) => (
                <code key={status} class={`api-status api-status-${status[0]}`}>
                  {status}
                </code>
              ))}
            </summary>
            <ul class="api-responses">
              {failures.map(([status, response]) => (
                <li key={status}>
                  <code class={`api-status api-status-${status[0]}`}>{status}</code>{' '}
                  <RichText text={response.description} />
                </li>
              ))}
            </ul>
          </details>
        )}
      </div>
    </div>
  )
}

/** How many operations the groups before `index` hold. */
function operationsBefore(groups: TagGroup[], index: number): number {
  return groups.slice(0, index).reduce((sum, group) => sum + group.operations.length, 0)
}

/** Groups by first tag: the document's `tags` in order, then the others as they appear. */
function groupByTag(document: OpenApiDocument): TagGroup[] {
  const groups = new Map<string, TagGroup>()
  for (const tag of document.tags ?? []) {
    groups.set(tag.name, { ...tag, operations: [] })
  }
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method]
      if (!operation) continue
      const name = operation.tags?.[0] ?? 'Other'
      let group = groups.get(name)
      if (!group) {
        group = { name, operations: [] }
        groups.set(name, group)
      }
      group.operations.push({ method, path, operation })
    }
  }
  return [...groups.values()].filter((group) => group.operations.length > 0)
}

/** The JSON media type when there is one, else the first. */
function firstMedia(
  content: Record<string, OpenApiMediaType>,
): { type: string; media: OpenApiMediaType } | undefined {
  const entries = Object.entries(content)
  const [type, media] = entries.find(([name]) => name.includes('json')) ?? entries[0] ?? []
  return type && media ? { type, media } : undefined
}

/** The description without the summary it repeats (Portico's summary is its first sentence). */
function moreThanSummary({ summary, description }: OpenApiOperation): string | undefined {
  if (!description || description === summary) return undefined
  return summary && description.startsWith(summary)
    ? description.slice(summary.length).trim() || undefined
    : description
}
