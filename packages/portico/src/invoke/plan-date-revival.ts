import { defRef } from '../core/def-ref.js'
import type { JsonSchema } from '../core/json-schema.js'
import { resolveLocalRef } from './resolve-local-ref.js'

/**
 * Where an input holds `Date` values, as a tree that follows the value: made once per tool from
 * its `inputDatePaths` and schema, walked per call by `reviveDates`. A recursive type's plan is
 * shared by every place that uses it, so the tree may be a cycle; the finite value ends the walk.
 */
export interface DatePlan {
  /**
   * The value here is a `Date`. `shared` when the type also takes strings that are not dates
   * (`Date | string`): only a valid date-time is revived, so `"hello"` stays `"hello"`.
   */
  date?: { shared: boolean }
  /** Plans below: by property name, `*` (every array item) and `{}` (every record value). */
  readonly children: Map<string, DatePlan>
  /** Plans of the recursive types (`$defs`) used here, applied to the same value. */
  readonly also: DatePlan[]
}

/**
 * The plan for a tool's `inputDatePaths`, or `undefined` when it takes no `Date` (most tools:
 * their calls then pay nothing). A path whose first segment is a `#/$defs/<name>` reference is
 * relative to that recursive type; it applies wherever the schema refers to the type.
 */
export function planDateRevival(
  schema: JsonSchema,
  paths: readonly (readonly string[])[],
): DatePlan | undefined {
  if (paths.length === 0) return undefined
  const root = emptyPlan()
  const defPlans = new Map<string, DatePlan>()
  const defPlan = (ref: string): DatePlan => {
    const plan = defPlans.get(ref) ?? emptyPlan()
    defPlans.set(ref, plan)
    return plan
  }
  for (const path of paths) {
    const [first = '', ...rest] = path
    const def = first.startsWith('#/') ? resolveLocalRef(schema, first) : undefined
    const [plan, scope, segments] = def ? [defPlan(first), def, rest] : [root, schema, path]
    const date = { shared: schemasAt(schema, scope, segments).some(takesOtherStrings) }
    addPath(plan, segments, date)
  }
  const { $defs = {}, ...rootSchema } = schema
  const refsByDef = new Map(
    Object.entries($defs).map(([name, def]) => [defRef(name), refsIn(def, [])] as const),
  )
  // a recursive type that uses one with dates has dates below it too
  for (let grew = true; grew; ) {
    grew = false
    for (const [ref, refs] of refsByDef) {
      if (!defPlans.has(ref) && refs.some((use) => defPlans.has(use.ref))) {
        defPlan(ref)
        grew = true
      }
    }
  }
  const link = (plan: DatePlan, refs: readonly RefUse[]) => {
    for (const use of refs) {
      const target = defPlans.get(use.ref)
      if (target !== undefined) addPath(plan, use.segments).also.push(target)
    }
  }
  for (const [ref, plan] of defPlans) link(plan, refsByDef.get(ref) ?? [])
  link(root, refsIn(rootSchema, []))
  return root
}

function emptyPlan(): DatePlan {
  return { children: new Map(), also: [] }
}

/** The plan at `segments` below `plan`, made as needed; marked a date when one is given. */
function addPath(
  plan: DatePlan,
  segments: readonly string[],
  date?: { shared: boolean },
): DatePlan {
  let node = plan
  for (const segment of segments) {
    const child = node.children.get(segment) ?? emptyPlan()
    node.children.set(segment, child)
    node = child
  }
  if (date !== undefined) node.date = date
  return node
}

interface RefUse {
  segments: string[]
  ref: string
}

/** Where a schema refers to `$defs` entries, without following the references. */
function refsIn(schema: JsonSchema, segments: string[]): RefUse[] {
  const uses: RefUse[] = schema.$ref === undefined ? [] : [{ segments, ref: schema.$ref }]
  for (const branch of [
    ...(schema.anyOf ?? []),
    ...(schema.oneOf ?? []),
    ...(schema.allOf ?? []),
  ]) {
    uses.push(...refsIn(branch, segments))
  }
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    uses.push(...refsIn(property, [...segments, name]))
  }
  if (typeof schema.items === 'object') uses.push(...refsIn(schema.items, [...segments, '*']))
  if (typeof schema.additionalProperties === 'object') {
    uses.push(...refsIn(schema.additionalProperties, [...segments, '{}']))
  }
  return uses
}

/** The schemas a value at `segments` is checked against: each union branch on its own. */
function schemasAt(
  root: JsonSchema,
  schema: JsonSchema,
  segments: readonly string[],
): JsonSchema[] {
  if (schema.$ref !== undefined) {
    const target = resolveLocalRef(root, schema.$ref)
    return target ? schemasAt(root, target, segments) : [{}]
  }
  if (schema.anyOf !== undefined) {
    return schema.anyOf.flatMap((branch) => schemasAt(root, branch, segments))
  }
  const [segment, ...rest] = segments
  if (segment === undefined) return [schema]
  const child =
    segment === '*'
      ? schema.items
      : segment === '{}'
        ? schema.additionalProperties
        : schema.properties?.[segment]
  return typeof child === 'object' ? schemasAt(root, child, rest) : []
}

/** Whether a schema takes a string that is not a date-time (a schema without a type does). */
function takesOtherStrings(schema: JsonSchema): boolean {
  if (schema.type === undefined) return schema.const === undefined && schema.enum === undefined
  const types = Array.isArray(schema.type) ? schema.type : [schema.type]
  return types.includes('string') && schema.format !== 'date-time'
}
