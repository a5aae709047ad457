import type { JsonSchema } from './open-api-types.js'

/** The document's `components.schemas`, for `$ref`s. */
export type SchemaComponents = Record<string, JsonSchema>

/** Nested objects deeper than this show as their type only: the page stays readable. */
const MAX_DEPTH = 4

/**
 * A schema as a compact outline: one line per property (name, type, required, description,
 * constraints), nested objects indented under their property. `$ref`s are followed once per
 * branch, so a recursive schema ends at its second appearance.
 */
export function SchemaView({
  schema,
  components,
}: {
  schema: JsonSchema
  components: SchemaComponents
}) {
  const resolved = resolve(schema, components)
  const properties = resolved.schema.properties
  if (!properties || Object.keys(properties).length === 0) {
    return (
      <p class="api-schema-line">
        <span class="api-type">{typeLabel(schema)}</span>
        {resolved.schema.description && (
          <span class="muted">
            {' '}
            — <InlineText text={resolved.schema.description} />
          </span>
        )}
      </p>
    )
  }
  return (
    <Properties
      schema={resolved.schema}
      components={components}
      seen={resolved.ref ? new Set([resolved.ref]) : new Set()}
      depth={0}
    />
  )
}

function Properties({
  schema,
  components,
  seen,
  depth,
}: {
  schema: JsonSchema
  components: SchemaComponents
  seen: ReadonlySet<string>
  depth: number
}) {
  const required = new Set(schema.required ?? [])
  return (
    <ul class="api-props">
      {Object.entries(schema.properties ?? {}).map(([name, property]) => {
        const nested = nestedObject(property, components, seen)
        const facts = constraints(property)
        const description = property.description ?? nested?.schema.description
        return (
          <li key={name}>
            <code class="api-prop-name">{name}</code>{' '}
            <span class="api-type">{typeLabel(property)}</span>
            {required.has(name) && <span class="api-required">required</span>}
            {description && (
              <span class="muted">
                {' '}
                — <InlineText text={description} />
              </span>
            )}
            {facts.length > 0 && <div class="api-facts">{facts.join(' · ')}</div>}
            {nested && depth < MAX_DEPTH && (
              <Properties
                schema={nested.schema}
                components={components}
                seen={nested.ref ? new Set([...seen, nested.ref]) : seen}
                depth={depth + 1}
              />
            )}
          </li>
        )
      })}
    </ul>
  )
}

interface Resolved {
  schema: JsonSchema
  /** The `$ref` followed to get there, if any. */
  ref?: string
}

function resolve(schema: JsonSchema, components: SchemaComponents): Resolved {
  if (schema.$ref === undefined) return { schema }
  const target = components[refName(schema.$ref)]
  return target ? { schema: target, ref: schema.$ref } : { schema }
}

/** The object schema to outline under a property (or under its array's items), if any. */
function nestedObject(
  property: JsonSchema,
  components: SchemaComponents,
  seen: ReadonlySet<string>,
): Resolved | undefined {
  const inner = property.type === 'array' && property.items ? property.items : property
  if (inner.$ref !== undefined && seen.has(inner.$ref)) return undefined
  const resolved = resolve(inner, components)
  return resolved.schema.properties && Object.keys(resolved.schema.properties).length > 0
    ? resolved
    : undefined
}

/** `string (date-time)`, `Note[]`, `"low" | "high"`, `string | null`… */
export function typeLabel(schema: JsonSchema): string {
  let label: string
  if (schema.$ref !== undefined) label = refName(schema.$ref)
  else if (schema.enum) label = schema.enum.map((value) => JSON.stringify(value)).join(' | ')
  else if (schema.oneOf ?? schema.anyOf)
    label = (schema.oneOf ?? schema.anyOf ?? []).map(typeLabel).join(' | ')
  else if (schema.allOf) label = schema.allOf.map(typeLabel).join(' & ')
  else if (schema.type === 'array') {
    const items = schema.items ? typeLabel(schema.items) : 'any'
    label = items.includes(' ') ? `(${items})[]` : `${items}[]`
  } else if (schema.type === 'object' && typeof schema.additionalProperties === 'object') {
    label = `{ [key: string]: ${typeLabel(schema.additionalProperties)} }`
  } else label = schema.type ?? 'any'
  if (schema.format) label += ` (${schema.format})`
  if (schema.nullable) label += ' | null'
  return label
}

function constraints(schema: JsonSchema): string[] {
  const facts: string[] = []
  const range = (min: number | undefined, max: number | undefined, unit: string) => {
    if (min !== undefined && max !== undefined) facts.push(`${min}–${max}${unit}`)
    else if (min !== undefined) facts.push(`≥ ${min}${unit}`)
    else if (max !== undefined) facts.push(`≤ ${max}${unit}`)
  }
  range(schema.minimum, schema.maximum, '')
  range(schema.minLength, schema.maxLength, ' characters')
  range(schema.minItems, schema.maxItems, ' items')
  if (schema.pattern) facts.push(`pattern ${schema.pattern}`)
  if (schema.default !== undefined) facts.push(`default ${JSON.stringify(schema.default)}`)
  if (schema.example !== undefined) facts.push(`example ${JSON.stringify(schema.example)}`)
  return facts
}

function refName(ref: string): string {
  return ref.slice(ref.lastIndexOf('/') + 1)
}

/** Text with its `code spans` as code; descriptions are written in Markdown. */
export function InlineText({ text }: { text: string }) {
  return (
    <>
      {text
        .split('`')
        .map((part, index) => (index % 2 === 1 ? <code key={index}>{part}</code> : part))}
    </>
  )
}
