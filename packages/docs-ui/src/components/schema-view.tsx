import type { ComponentChildren } from 'preact'
import {
  branchLabel,
  type Components,
  childPointer,
  type OpenApiSchema,
  pointerId,
  type ResolvedSchema,
  resolveSchema,
  typeLabel,
  valueSchema,
} from '../lib/json-schema.js'

/** Text with `inline code` in backticks, as JSDoc descriptions write it. */
export function RichText({ text }: { text: string }) {
  return (
    <>
      {text
        .split('`')
        .map((part, index) => (index % 2 === 1 ? <code key={index}>{part}</code> : part))}
    </>
  )
}

/** Paragraphs separated by blank lines, each with {@link RichText}. */
export function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text.split(/\n\s*\n/).map((paragraph) => (
        <p key={paragraph}>
          <RichText text={paragraph.trim()} />
        </p>
      ))}
    </>
  )
}

/** A named schema being expanded above the current node: a reference back to it is recursion. */
interface Ancestor {
  name: string
  /** Id of the element that expands it, to jump back to. */
  id: string
}

interface NodeContext {
  components: Components
  idPrefix: string
  ancestors: Ancestor[]
  depth: number
}

/**
 * A schema as a readable tree: each property with its type, whether it is required, its
 * description and constraints, and nested objects, array items, record values and union
 * branches below it. A reference to a schema already being expanded above is a link back to
 * it, so recursive types stay finite. `idPrefix` keeps the ids of two views on a page apart.
 */
export function SchemaView({
  schema,
  components,
  idPrefix,
}: {
  schema: OpenApiSchema
  components: Components
  idPrefix: string
}) {
  const resolved = resolveSchema(schema, components)
  const context: NodeContext = { components, idPrefix, ancestors: [], depth: 0 }
  const plainObject = resolved.kind === 'object' && resolved.refName === undefined
  return (
    <div class="schema-view" id={idPrefix} tabIndex={-1}>
      {!plainObject && (
        <p>
          Type: <code>{typeLabel(schema, components)}</code>
        </p>
      )}
      {resolved.schema.description && (
        <p>
          <RichText text={resolved.schema.description} />
        </p>
      )}
      <Facts resolved={resolved} />
      <Expansion resolved={resolved} pointer="" id={idPrefix} context={context} />
    </div>
  )
}

/** What sits below a node, or a link back when its schema is already expanded above. */
function Expansion({
  resolved,
  pointer,
  id,
  context,
}: {
  resolved: ResolvedSchema
  pointer: string
  id: string
  context: NodeContext
}) {
  const { refName } = resolved
  const ancestor = context.ancestors.find((entry) => entry.name === refName)
  if (ancestor) return <RecursiveLink ancestor={ancestor} />
  const inner: NodeContext = {
    ...context,
    depth: context.depth + 1,
    ancestors:
      refName === undefined ? context.ancestors : [...context.ancestors, { name: refName, id }],
  }
  const { schema, kind } = resolved
  if (kind === 'object') {
    const values = valueSchema(schema)
    return (
      <>
        {schema.properties && <PropertyList schema={schema} pointer={pointer} context={inner} />}
        {values && (
          <Nested
            label="Each value"
            schema={values}
            pointer={childPointer(pointer, '*')}
            context={inner}
          />
        )}
      </>
    )
  }
  if (kind === 'array' && schema.items) {
    return (
      <Nested
        label="Each item"
        schema={schema.items}
        pointer={childPointer(pointer, '*')}
        context={inner}
      />
    )
  }
  if (kind === 'union') {
    return (
      <ol class="schema-union">
        {resolved.branches.map((branch, index) => {
          const branchPointer = childPointer(pointer, `option${index + 1}`)
          const branchId = pointerId(context.idPrefix, branchPointer)
          const branchResolved = resolveSchema(branch, context.components)
          return (
            <li key={branchId} id={branchId} tabIndex={-1}>
              <div class="schema-head">
                <span class="schema-option">Option {index + 1}</span>
                <code class="schema-type">{branchLabel(branch, context.components)}</code>
              </div>
              <Facts resolved={branchResolved} />
              <Expansion
                resolved={branchResolved}
                pointer={branchPointer}
                id={branchId}
                context={inner}
              />
            </li>
          )
        })}
      </ol>
    )
  }
  return null
}

/** Array items or record values: shown only when they have structure of their own. */
function Nested({
  label,
  schema,
  pointer,
  context,
}: {
  label: string
  schema: OpenApiSchema
  pointer: string
  context: NodeContext
}) {
  const resolved = resolveSchema(schema, context.components)
  if (!['object', 'array', 'union'].includes(resolved.kind)) return null
  // The parent's type already names the items: a link back says the rest.
  const ancestor = context.ancestors.find((entry) => entry.name === resolved.refName)
  if (ancestor) return <RecursiveLink ancestor={ancestor} />
  const id = pointerId(context.idPrefix, pointer)
  return (
    <div class="schema-nested" id={id} tabIndex={-1}>
      <p class="schema-sub">
        {label}: <code>{typeLabel(schema, context.components)}</code>
      </p>
      <Expansion resolved={resolved} pointer={pointer} id={id} context={context} />
    </div>
  )
}

function PropertyList({
  schema,
  pointer,
  context,
}: {
  schema: OpenApiSchema
  pointer: string
  context: NodeContext
}) {
  const required = new Set(schema.required)
  const rows = Object.entries(schema.properties ?? {}).map(([name, property]) => {
    const propertyPointer = childPointer(pointer, name)
    const id = pointerId(context.idPrefix, propertyPointer)
    const resolved = resolveSchema(property, context.components)
    return (
      <li key={name} id={id} tabIndex={-1}>
        <div class="schema-head">
          <code class="schema-name">{name}</code>
          <code class="schema-type">{typeLabel(property, context.components)}</code>
          {required.has(name) ? (
            <span class="schema-required">required</span>
          ) : (
            <span class="schema-optional">optional</span>
          )}
        </div>
        {resolved.schema.description && (
          <p class="schema-description">
            <RichText text={resolved.schema.description} />
          </p>
        )}
        <Facts resolved={resolved} />
        <Expansion resolved={resolved} pointer={propertyPointer} id={id} context={context} />
      </li>
    )
  })
  // Deep levels start folded: the outline stays readable, and every level is one click away.
  const list = <ul class="schema-props">{rows}</ul>
  return context.depth > 4 ? (
    <details class="schema-fold">
      <summary>
        {rows.length} {rows.length === 1 ? 'property' : 'properties'}
      </summary>
      {list}
    </details>
  ) : (
    list
  )
}

function RecursiveLink({ ancestor }: { ancestor: Ancestor }) {
  return (
    <p class="schema-recursive">
      Recursive: another{' '}
      <button
        type="button"
        class="link"
        onClick={() => {
          const target = document.getElementById(ancestor.id)
          target?.scrollIntoView({ block: 'center', behavior: 'smooth' })
          target?.focus({ preventScroll: true })
        }}
      >
        {ancestor.name}
      </button>
      , as described above.
    </p>
  )
}

/** Constraints and hints of a node, as short labelled values. */
function Facts({ resolved }: { resolved: ResolvedSchema }) {
  const { schema } = resolved
  const facts: [string, ComponentChildren][] = []
  const add = (label: string, value: unknown) => {
    if (value !== undefined) facts.push([label, <code key={label}>{String(value)}</code>])
  }
  if (schema.enum && schema.enum.length > 4) {
    facts.push([
      'one of',
      schema.enum.map((value) => <code key={String(value)}>{JSON.stringify(value)}</code>),
    ])
  }
  add('format', schema.format)
  if (schema.default !== undefined) add('default', JSON.stringify(schema.default))
  if (schema.example !== undefined) add('example', JSON.stringify(schema.example))
  add(schema.exclusiveMinimum ? 'greater than' : 'minimum', schema.minimum)
  add(schema.exclusiveMaximum ? 'less than' : 'maximum', schema.maximum)
  add('multiple of', schema.multipleOf)
  add('min length', schema.minLength)
  add('max length', schema.maxLength)
  add('pattern', schema.pattern)
  add('min items', schema.minItems)
  add('max items', schema.maxItems)
  if (schema.uniqueItems) add('items', 'unique')
  add('min properties', schema.minProperties)
  add('max properties', schema.maxProperties)
  if (schema.deprecated) add('deprecated', 'yes')
  if (schema.readOnly) add('read-only', 'yes')
  if (schema.writeOnly) add('write-only', 'yes')
  if (facts.length === 0) return null
  return (
    <dl class="schema-facts">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}
