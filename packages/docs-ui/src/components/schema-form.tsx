import type { ComponentChildren, TargetedInputEvent } from 'preact'
import { useEffect, useState } from 'preact/hooks'
import {
  branchLabel,
  type Components,
  childPointer,
  discriminator,
  type Json,
  type OpenApiSchema,
  pointerId,
  type ResolvedSchema,
  resolveSchema,
  typeLabel,
} from '../lib/json-schema.js'
import type { FieldError } from '../lib/rest-call.js'
import { RichText } from './schema-view.js'

/** Nesting past this depth is edited as JSON: a recursive type would otherwise never end. */
const MAX_DEPTH = 6

/** What every field of one form shares. */
interface FormContext {
  components: Components
  idPrefix: string
  /** Validation messages of the last answer, by JSON Pointer into the input. */
  errors: Map<string, string[]>
}

/** One field: the value at `pointer` in the input, and how to change it. */
interface FieldProps {
  schema: OpenApiSchema
  value: Json | undefined
  /** `undefined` leaves the property out of the input. */
  onChange: (value: Json | undefined) => void
  pointer: string
  label: string
  required: boolean
  /** An array item: required to exist, so not marked required. */
  inArray?: boolean
  context: FormContext
  depth: number
}

/** A form's input, as fields or as JSON text, and what changes it. */
export interface SchemaFormState {
  value: Json | undefined
  /** The input as typed in Raw JSON mode; `undefined` in form mode. */
  raw: string | undefined
  /** Why the raw text could not go back to the form. */
  rawError: string | undefined
  /** Bumped by Reset and loads, so that fields drop what they hold of their own (drafts, picks). */
  generation: number
  /** The input as the text to send: the raw text as typed, or the fields' value as JSON. */
  body: string
  setValue: (value: Json | undefined) => void
  setRaw: (raw: string | undefined) => void
  setRawError: (message: string | undefined) => void
  toggleRaw: () => void
  reset: () => void
  /** Puts an input in the form (as JSON text when it is not JSON). */
  load: (input: string) => void
}

/** The state of a form generated from `schema`: its starting value, fields or raw JSON. */
export function useSchemaForm(schema: OpenApiSchema, components: Components): SchemaFormState {
  const fresh = () => initialValue(schema, components, 0) ?? {}
  const [value, setValue] = useState<Json | undefined>(fresh)
  const [raw, setRaw] = useState<string | undefined>(undefined)
  const [rawError, setRawError] = useState<string | undefined>(undefined)
  const [generation, setGeneration] = useState(0)
  return {
    value,
    raw,
    rawError,
    generation,
    body: raw ?? JSON.stringify(value ?? {}),
    setValue,
    setRaw,
    setRawError,
    toggleRaw: () => {
      if (raw === undefined) {
        setRaw(JSON.stringify(value ?? {}, null, 2))
        return
      }
      try {
        setValue(JSON.parse(raw) as Json)
        setRaw(undefined)
        setRawError(undefined)
      } catch {
        setRawError('This is not valid JSON: fix it to go back to the form.')
      }
    },
    reset: () => {
      setValue(fresh())
      setGeneration(generation + 1)
      setRaw(undefined)
      setRawError(undefined)
    },
    load: (input) => {
      try {
        const parsed = JSON.parse(input) as Json
        if (raw === undefined) setValue(parsed)
        else setRaw(JSON.stringify(parsed, null, 2))
      } catch {
        setRaw(input)
      }
      setRawError(undefined)
      setGeneration(generation + 1)
    },
  }
}

/**
 * The fields of a form generated from `schema` (or its raw JSON text), with the Raw JSON and
 * Reset buttons: the try-it form of a tool page, the MCP page's tool form and its answers to
 * elicitation requests. The caller owns the `<form>` and its submit button. `errors` are the
 * last answer's validation messages, put beside their fields.
 */
export function SchemaFormFields({
  form,
  schema,
  components,
  idPrefix,
  rawLabel,
  errors = [],
  testId = 'try-it',
}: {
  form: SchemaFormState
  schema: OpenApiSchema
  components: Components
  /** Keeps the ids of two forms on one page apart. */
  idPrefix: string
  /** The raw text's label, such as "Request body (JSON)". */
  rawLabel: string
  errors?: FieldError[]
  /** The prefix of the buttons' and the raw text's `data-testid`. */
  testId?: string
}) {
  const { raw, rawError } = form
  const context: FormContext = { components, idPrefix, errors: groupErrors(errors) }
  const jsonId = `${idPrefix}-json`
  return (
    <>
      <div class="row try-it-modes">
        <button
          type="button"
          class="ghost"
          data-testid={`${testId}-raw`}
          aria-pressed={raw !== undefined}
          onClick={form.toggleRaw}
        >
          Raw JSON
        </button>
        <button type="button" class="ghost" onClick={form.reset}>
          Reset
        </button>
      </div>
      {raw === undefined ? (
        <RootFields
          key={form.generation}
          schema={schema}
          value={form.value}
          onChange={form.setValue}
          context={context}
        />
      ) : (
        <div class="field">
          <label for={jsonId}>{rawLabel}</label>
          <textarea
            id={jsonId}
            name="body"
            class="code"
            rows={Math.min(16, Math.max(4, raw.split('\n').length + 1))}
            spellcheck={false}
            data-testid={`${testId}-json`}
            aria-invalid={rawError !== undefined}
            aria-describedby={rawError ? `${jsonId}-error` : undefined}
            value={raw}
            onInput={(event) => {
              form.setRaw(event.currentTarget.value)
              form.setRawError(undefined)
            }}
          />
          {rawError && (
            <p id={`${jsonId}-error`} class="field-error" role="alert">
              {rawError}
            </p>
          )}
        </div>
      )}
    </>
  )
}

function groupErrors(errors: FieldError[]): Map<string, string[]> {
  const byPath = new Map<string, string[]>()
  for (const { path, message } of errors) byPath.set(path, [...(byPath.get(path) ?? []), message])
  return byPath
}

/** The input's properties, without a frame of their own: the form is the frame. */
function RootFields({
  schema,
  value,
  onChange,
  context,
}: {
  schema: OpenApiSchema
  value: Json | undefined
  onChange: (value: Json | undefined) => void
  context: FormContext
}) {
  const resolved = resolveSchema(schema, context.components)
  const rootErrors = context.errors.get('') ?? []
  const errorList = rootErrors.length > 0 && (
    <FieldErrors id={`${context.idPrefix}-error`} messages={rootErrors} />
  )
  if (resolved.kind !== 'object' || !resolved.schema.properties) {
    return (
      <>
        {errorList}
        <Field
          schema={schema}
          value={value}
          onChange={onChange}
          pointer=""
          label="input"
          required
          context={context}
          depth={0}
        />
      </>
    )
  }
  if (Object.keys(resolved.schema.properties).length === 0) {
    return <p class="muted">This tool takes no input: the body is an empty object.</p>
  }
  return (
    <>
      {errorList}
      <ObjectFields
        resolved={resolved}
        value={value}
        onChange={onChange}
        pointer=""
        context={context}
        depth={0}
      />
    </>
  )
}

/** The editor that fits the schema at one place of the input. */
function Field(props: FieldProps) {
  const { schema, value, onChange, pointer, label, required, context, depth } = props
  const resolved = resolveSchema(schema, context.components)
  const id = pointerId(context.idPrefix, pointer)
  const errors = context.errors.get(pointer) ?? []
  // An item's type is in its array's hint: it only needs one of its own for a description.
  const hinted = !props.inArray || resolved.schema.description !== undefined
  const frame: FrameProps = {
    id,
    label,
    required: required && !props.inArray,
    hint: hinted ? <Hint schema={schema} resolved={resolved} context={context} /> : null,
    errors,
    nullToggle:
      resolved.nullable && resolved.kind !== 'enum' && resolved.kind !== 'null' ? (
        <NullToggle
          id={id}
          value={value}
          onChange={onChange}
          schema={schema}
          context={context}
          depth={depth}
        />
      ) : null,
  }
  const describedBy =
    [hinted ? `${id}-hint` : '', errors.length > 0 ? `${id}-error` : ''].join(' ').trim() ||
    undefined
  const input: InputProps = {
    id,
    name: pointer.slice(1) || 'input',
    required,
    disabled: value === null && resolved.nullable,
    'aria-invalid': errors.length > 0,
    'aria-describedby': describedBy,
  }
  if (depth > MAX_DEPTH) return <JsonField {...props} frame={frame} input={input} />
  switch (resolved.kind) {
    case 'string': {
      const text = {
        ...input,
        placeholder: placeholder(resolved.schema),
        value: typeof value === 'string' ? value : '',
        // Emptied, an optional string is left out; a required one is sent empty.
        onInput: (event: TargetedInputEvent<HTMLInputElement>) => {
          const typed = event.currentTarget.value
          onChange(typed === '' && !required ? undefined : typed)
        },
      }
      return (
        <LeafFrame {...frame}>
          {resolved.schema.format === 'date' ? (
            <input {...text} type="date" />
          ) : (
            <input {...text} type="text" />
          )}
        </LeafFrame>
      )
    }
    case 'number':
    case 'integer':
      return (
        <LeafFrame {...frame}>
          <NumberInput
            input={input}
            schema={resolved.schema}
            integer={resolved.kind === 'integer'}
            value={value}
            onChange={onChange}
          />
        </LeafFrame>
      )
    case 'boolean':
      return (
        <LeafFrame {...frame} inline>
          <input
            {...input}
            type="checkbox"
            checked={value === true}
            onChange={(event) => onChange(event.currentTarget.checked)}
          />
        </LeafFrame>
      )
    case 'enum': {
      const [only, ...others] = resolved.schema.enum ?? []
      // A value the schema fixes (a union's tag) is shown, not offered as a choice of one.
      const fixed = others.length === 0 && !resolved.nullable && value === only
      return (
        <LeafFrame {...frame}>
          {fixed ? (
            <input {...input} type="text" readOnly value={String(only)} />
          ) : (
            <EnumSelect input={input} resolved={resolved} value={value} onChange={onChange} />
          )}
        </LeafFrame>
      )
    }
    case 'object':
      if (!resolved.schema.properties) return <JsonField {...props} frame={frame} input={input} />
      return (
        <GroupFrame
          {...frame}
          actions={
            required ? null : value === undefined ? (
              <button
                type="button"
                class="ghost button-small"
                onClick={() => onChange(initialValue(schema, context.components, depth) ?? {})}
              >
                Add {label}
              </button>
            ) : (
              <button type="button" class="ghost button-small" onClick={() => onChange(undefined)}>
                Remove<span class="visually-hidden"> {label}</span>
              </button>
            )
          }
        >
          {value !== undefined && value !== null && (
            <ObjectFields
              resolved={resolved}
              value={value}
              onChange={onChange}
              pointer={pointer}
              context={context}
              depth={depth}
            />
          )}
        </GroupFrame>
      )
    case 'array':
      return (
        <GroupFrame {...frame}>
          {value !== null && <ArrayItems {...props} resolved={resolved} />}
        </GroupFrame>
      )
    case 'union':
      return (
        <GroupFrame {...frame}>
          {value !== null && <UnionPicker {...props} resolved={resolved} />}
        </GroupFrame>
      )
    default:
      return <JsonField {...props} frame={frame} input={input} />
  }
}

/** Attributes every input of a field carries. */
interface InputProps {
  id: string
  name: string
  required: boolean
  disabled: boolean
  'aria-invalid': boolean
  'aria-describedby': string | undefined
}

interface FrameProps {
  id: string
  label: string
  required: boolean
  hint: ComponentChildren
  errors: string[]
  nullToggle: ComponentChildren
}

/** A labelled single input; `inline` puts a checkbox before its label. */
function LeafFrame({
  id,
  label,
  required,
  hint,
  errors,
  nullToggle,
  inline = false,
  children,
}: FrameProps & { inline?: boolean; children: ComponentChildren }) {
  // The star sits outside the label, so that the label is exactly the field's name.
  const mark = required && <RequiredMark />
  return (
    <div class={errors.length > 0 ? 'field invalid' : 'field'}>
      <div class="field-label">
        {inline ? (
          <span>
            <label class="field-check" for={id}>
              {children}
              <span class="field-name">{label}</span>
            </label>
            {mark}
          </span>
        ) : (
          <span>
            <label class="field-name" for={id}>
              {label}
            </label>
            {mark}
          </span>
        )}
        {nullToggle}
      </div>
      {!inline && children}
      {hint && (
        <div id={`${id}-hint`} class="hint">
          {hint}
        </div>
      )}
      <FieldErrors id={`${id}-error`} messages={errors} />
    </div>
  )
}

/** A fieldset for an object, array or union, with optional buttons beside its legend. */
function GroupFrame({
  id,
  label,
  required,
  hint,
  errors,
  nullToggle,
  actions,
  children,
}: FrameProps & { actions?: ComponentChildren; children: ComponentChildren }) {
  return (
    <fieldset
      class={errors.length > 0 ? 'field-group invalid' : 'field-group'}
      id={id}
      aria-describedby={`${id}-hint`}
    >
      <legend>
        <span class="field-name">{label}</span>
        {required && <RequiredMark spoken />}
      </legend>
      <div class="field-label">
        <div id={`${id}-hint`} class="hint">
          {hint}
        </div>
        {nullToggle}
        {actions}
      </div>
      <FieldErrors id={`${id}-error`} messages={errors} />
      {children}
    </fieldset>
  )
}

/**
 * A star after a required field's name. An input says "required" itself (its `required`
 * attribute), and its label stays exactly the name; a fieldset cannot, so `spoken` says it.
 */
function RequiredMark({ spoken = false }: { spoken?: boolean }) {
  return (
    <>
      <span class="required-mark" aria-hidden="true">
        {' *'}
      </span>
      {spoken && <span class="visually-hidden"> (required)</span>}
    </>
  )
}

function FieldErrors({ id, messages }: { id: string; messages: string[] }) {
  if (messages.length === 0) return null
  return (
    <p id={id} class="field-error">
      {messages.join('; ')}
    </p>
  )
}

/** The type and description of a field, under it. */
function Hint({
  schema,
  resolved,
  context,
}: {
  schema: OpenApiSchema
  resolved: ResolvedSchema
  context: FormContext
}) {
  const { description, format, minimum, maximum } = resolved.schema
  const bounds =
    minimum !== undefined || maximum !== undefined ? ` ${minimum ?? '…'} to ${maximum ?? '…'}` : ''
  const fallback = resolved.schema.default
  return (
    <>
      <code>{typeLabel(schema, context.components)}</code>
      {format && ` (${format})`}
      {bounds}
      {fallback !== undefined && (
        <>
          {', default '}
          <code>{JSON.stringify(fallback)}</code>
        </>
      )}
      {description && (
        <>
          {' · '}
          <RichText text={description} />
        </>
      )}
    </>
  )
}

function placeholder(schema: OpenApiSchema): string | undefined {
  if (schema.example !== undefined) return String(schema.example)
  if (schema.format === 'date-time') return '2026-01-31T09:30:00Z'
  if (schema.default !== undefined) return String(schema.default)
  return undefined
}

/** A "null" checkbox beside a nullable field: checked, the field sends `null`. */
function NullToggle({
  id,
  value,
  onChange,
  schema,
  context,
  depth,
}: {
  id: string
  value: Json | undefined
  onChange: (value: Json | undefined) => void
  schema: OpenApiSchema
  context: FormContext
  depth: number
}) {
  return (
    <label class="null-toggle">
      <input
        type="checkbox"
        id={`${id}-null`}
        name={`${id}-null`}
        // Named "null" only, so that the field's label finds the field; the hint says which.
        aria-describedby={`${id}-hint`}
        checked={value === null}
        onChange={(event) =>
          onChange(
            event.currentTarget.checked
              ? null
              : initialValue(schema, context.components, depth, true),
          )
        }
      />{' '}
      null
    </label>
  )
}

/** A number as typed: its text is kept while it does not parse yet (`1.`, `-`). */
function NumberInput({
  input,
  schema,
  integer,
  value,
  onChange,
}: {
  input: InputProps
  schema: OpenApiSchema
  integer: boolean
  value: Json | undefined
  onChange: (value: Json | undefined) => void
}) {
  const [draft, setDraft] = useState(typeof value === 'number' ? String(value) : '')
  const parse = (text: string) => (text.trim() === '' ? undefined : Number(text))
  // Follows a change made elsewhere (raw JSON, Reset) without undoing what is being typed.
  useEffect(() => {
    if (value !== parse(draft)) setDraft(typeof value === 'number' ? String(value) : '')
  }, [value])
  return (
    <input
      {...input}
      type="number"
      step={integer ? 1 : 'any'}
      min={schema.minimum}
      max={schema.maximum}
      placeholder={placeholder(schema)}
      value={draft}
      onInput={(event) => {
        const text = event.currentTarget.value
        setDraft(text)
        onChange(parse(text))
      }}
    />
  )
}

/** A select of the allowed values; "not set" leaves the property out. */
function EnumSelect({
  input,
  resolved,
  value,
  onChange,
}: {
  input: InputProps
  resolved: ResolvedSchema
  value: Json | undefined
  onChange: (value: Json | undefined) => void
}) {
  const options = (resolved.schema.enum ?? []) as Json[]
  const selected = value === null ? 'null' : String(options.indexOf(value as Json))
  return (
    <select
      {...input}
      // Null is one of the options here, so choosing it must not lock the select.
      disabled={false}
      value={value === undefined ? '' : selected}
      onChange={(event) => {
        const choice = event.currentTarget.value
        onChange(choice === '' ? undefined : choice === 'null' ? null : options[Number(choice)])
      }}
    >
      <option value="">{input.required ? 'Choose…' : 'Not set'}</option>
      {options.map((option, index) => (
        <option key={String(option)} value={String(index)}>
          {typeof option === 'string' ? option : JSON.stringify(option)}
        </option>
      ))}
      {resolved.nullable && <option value="null">null</option>}
    </select>
  )
}

/** The properties of an object, each its own field. */
function ObjectFields({
  resolved,
  value,
  onChange,
  pointer,
  context,
  depth,
}: {
  resolved: ResolvedSchema
  value: Json | undefined
  onChange: (value: Json | undefined) => void
  pointer: string
  context: FormContext
  depth: number
}) {
  const object = isObject(value) ? value : {}
  const required = new Set(resolved.schema.required)
  return (
    <div class="fields">
      {Object.entries(resolved.schema.properties ?? {}).map(([name, property]) => (
        <Field
          key={name}
          schema={property}
          value={object[name]}
          onChange={(next) => {
            const { [name]: _previous, ...others } = object
            onChange(next === undefined ? others : { ...others, [name]: next })
          }}
          pointer={childPointer(pointer, name)}
          label={name}
          required={required.has(name)}
          context={context}
          depth={depth + 1}
        />
      ))}
    </div>
  )
}

/** The items of an array, each its own field, with Add and Remove. */
function ArrayItems({
  value,
  onChange,
  pointer,
  label,
  context,
  depth,
  resolved,
}: FieldProps & { resolved: ResolvedSchema }) {
  const items = Array.isArray(value) ? value : []
  const itemSchema = resolved.schema.items ?? {}
  return (
    <>
      {items.length > 0 && (
        <ol class="array-items">
          {items.map((item, index) => (
            // Items have no identity of their own: the position is what the input addresses.
            <li key={index}>
              <Field
                schema={itemSchema}
                value={item}
                onChange={(next) =>
                  onChange(items.map((old, at) => (at === index ? (next ?? null) : old)))
                }
                pointer={childPointer(pointer, index)}
                label={`${label}[${index}]`}
                required
                inArray
                context={context}
                depth={depth + 1}
              />
              <button
                type="button"
                class="ghost button-small"
                onClick={() => onChange(items.filter((_, at) => at !== index))}
              >
                Remove<span class="visually-hidden"> {`${label}[${index}]`}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
      <button
        type="button"
        class="ghost button-small"
        onClick={() => onChange([...items, newItem(itemSchema, context.components, depth + 1)])}
      >
        Add item<span class="visually-hidden"> to {label}</span>
      </button>
    </>
  )
}

/** A type picker for a union, then the editor of the picked branch. */
function UnionPicker(props: FieldProps & { resolved: ResolvedSchema }) {
  const { value, onChange, required, context, resolved } = props
  const [picked, setPicked] = useState(0)
  const matching = resolved.branches
    .map((branch, index) => (matches(value, branch, context.components) ? index : -1))
    .filter((index) => index >= 0)
  const active =
    value === undefined ? undefined : matching.includes(picked) ? picked : (matching[0] ?? picked)
  const pickerId = `${pointerId(context.idPrefix, props.pointer)}-type`
  const branch = active === undefined ? undefined : resolved.branches[active]
  return (
    <>
      <div class="field">
        {/* Just "Type": the fieldset's legend names the field. */}
        <label for={pickerId}>Type</label>
        <select
          id={pickerId}
          name={`${props.pointer.slice(1)}#type`}
          value={active === undefined ? '' : String(active)}
          onChange={(event) => {
            const choice = event.currentTarget.value
            if (choice === '') return onChange(undefined)
            const index = Number(choice)
            setPicked(index)
            const next = resolved.branches[index]
            onChange(next && newItem(next, context.components, props.depth + 1))
          }}
        >
          {(!required || active === undefined) && <option value="">Not set</option>}
          {resolved.branches.map((option, index) => (
            <option key={String(index)} value={String(index)}>
              {branchLabel(option, context.components)}
            </option>
          ))}
        </select>
      </div>
      {branch && <BranchFields {...props} schema={branch} />}
    </>
  )
}

/** The picked branch: an object's properties sit directly in the union's fieldset. */
function BranchFields(props: FieldProps) {
  const resolved = resolveSchema(props.schema, props.context.components)
  if (resolved.kind === 'object' && resolved.schema.properties && props.depth <= MAX_DEPTH) {
    return <ObjectFields {...props} resolved={resolved} />
  }
  return <Field {...props} />
}

/** Anything without a form of its own (a record, an open value, a deep level): JSON text. */
function JsonField({
  value,
  onChange,
  pointer,
  context,
  frame,
  input,
}: FieldProps & { frame: FrameProps; input: InputProps }) {
  const show = (json: Json | undefined) => (json === undefined ? '' : JSON.stringify(json, null, 2))
  const [draft, setDraft] = useState(show(value))
  const [invalid, setInvalid] = useState(false)
  // Follows a change made elsewhere (an array item removed before this one), not mid-typing.
  useEffect(() => {
    if (!invalid && JSON.stringify(parseDraft(draft)) !== JSON.stringify(value))
      setDraft(show(value))
  }, [value])
  const nested = [...context.errors]
    .filter(([path]) => path.startsWith(`${pointer}/`))
    .map(([path, messages]) => `${path.slice(pointer.length)}: ${messages.join('; ')}`)
  return (
    <LeafFrame
      {...frame}
      errors={[...frame.errors, ...nested, ...(invalid ? ['Not valid JSON yet'] : [])]}
    >
      <textarea
        {...input}
        class="code"
        rows={3}
        spellcheck={false}
        placeholder="JSON"
        value={draft}
        onInput={(event) => {
          const text = event.currentTarget.value
          setDraft(text)
          try {
            onChange(parseDraft(text))
            setInvalid(false)
          } catch {
            setInvalid(true)
          }
        }}
      />
    </LeafFrame>
  )
}

/** JSON text as a value; empty text leaves the property out. Throws on invalid JSON. */
function parseDraft(text: string): Json | undefined {
  return text.trim() === '' ? undefined : (JSON.parse(text) as Json)
}

function isObject(value: Json | undefined): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Whether a value fits a union branch, judged by its type and the branch's tag, if any. */
function matches(value: Json | undefined, schema: OpenApiSchema, components: Components): boolean {
  const resolved = resolveSchema(schema, components)
  if (value === null) return resolved.nullable || resolved.kind === 'null'
  switch (resolved.kind) {
    case 'string':
      return typeof value === 'string'
    case 'number':
    case 'integer':
      return typeof value === 'number'
    case 'boolean':
      return typeof value === 'boolean'
    case 'enum':
      return (resolved.schema.enum ?? []).includes(value)
    case 'array':
      return Array.isArray(value)
    case 'object': {
      const tag = discriminator(schema, components)
      return isObject(value) && (tag === undefined || value[tag.name] === tag.value)
    }
    case 'union':
      return resolved.branches.some((branch) => matches(value, branch, components))
    default:
      return true
  }
}

/**
 * The starting value of a field: its default, else what a required field cannot do without
 * (an object with its required properties, an empty array, `false`, the one allowed value);
 * `undefined` leaves it for the person to fill in. `notNull` skips a nullable's null.
 */
function initialValue(
  schema: OpenApiSchema,
  components: Components,
  depth: number,
  notNull = false,
): Json | undefined {
  const resolved = resolveSchema(schema, components)
  const { schema: plain, kind, branches } = resolved
  if (plain.default !== undefined && !(notNull && plain.default === null))
    return plain.default as Json
  if (depth > MAX_DEPTH) return undefined
  switch (kind) {
    case 'object': {
      const required = new Set(plain.required)
      const entries = Object.entries(plain.properties ?? {})
        .filter(([name]) => required.has(name))
        .map(([name, property]) => [name, initialValue(property, components, depth + 1)] as const)
        .filter((entry): entry is readonly [string, Json] => entry[1] !== undefined)
      return Object.fromEntries(entries)
    }
    case 'array':
      return []
    case 'boolean':
      return false
    case 'enum':
      return plain.enum?.length === 1 ? (plain.enum[0] as Json) : undefined
    case 'union':
      return branches[0] && initialValue(branches[0], components, depth + 1)
    case 'null':
      return null
    default:
      return undefined
  }
}

/** A new array item or union branch: concrete from the start, since JSON has no "unset" item. */
function newItem(schema: OpenApiSchema, components: Components, depth: number): Json {
  const start = initialValue(schema, components, depth)
  if (start !== undefined) return start
  const resolved = resolveSchema(schema, components)
  switch (resolved.kind) {
    case 'string':
      return ''
    case 'number':
    case 'integer':
      return 0
    case 'enum':
      return (resolved.schema.enum?.[0] ?? null) as Json
    default:
      return null
  }
}
