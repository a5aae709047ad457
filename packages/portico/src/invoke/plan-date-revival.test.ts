import { describe, expect, it } from 'vitest'
import type { JsonSchema } from '../core/json-schema.js'
import { type DatePlan, planDateRevival } from './plan-date-revival.js'

const date: JsonSchema = { type: 'string', format: 'date-time' }

/** The date leaves of a plan as `path: shared`, following `also` up to `depth` times. */
function leaves(plan: DatePlan | undefined, depth = 1, prefix = ''): string[] {
  if (plan === undefined) return []
  const found = plan.date ? [`${prefix || '.'}: ${plan.date.shared ? 'shared' : 'date'}`] : []
  for (const [segment, child] of plan.children) {
    found.push(...leaves(child, depth, `${prefix}/${segment}`))
  }
  if (depth > 0) for (const other of plan.also) found.push(...leaves(other, depth - 1, prefix))
  return found
}

describe('planDateRevival', () => {
  it('makes no plan for an input without dates', () => {
    expect(planDateRevival({ type: 'object' }, [])).toBeUndefined()
  })

  it('marks a Date that shares its place with other strings, through unions and refs', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        due: date,
        maybe: { anyOf: [date, { type: 'null' }] },
        either: { anyOf: [{ type: 'string' }, date] },
        soon: { anyOf: [date, { type: 'string', const: 'never' }] },
        steps: { type: 'array', items: { $ref: '#/$defs/Step' } },
        byDay: { type: 'object', additionalProperties: { anyOf: [date, { type: 'string' }] } },
      },
      $defs: { Step: { type: 'object', properties: { at: { type: ['string', 'null'] } } } },
    }
    const paths = [['due'], ['maybe'], ['either'], ['soon'], ['steps', '*', 'at'], ['byDay', '{}']]
    expect(leaves(planDateRevival(schema, paths))).toEqual([
      '/due: date',
      '/maybe: date',
      '/either: shared',
      '/soon: shared',
      '/steps/*/at: shared',
      '/byDay/{}: shared',
    ])
  })

  it('links a recursive type with dates wherever it is used, itself included', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: { task: { $ref: '#/$defs/Task' }, label: { type: 'string' } },
      $defs: {
        Task: {
          type: 'object',
          properties: {
            at: date,
            remind: { anyOf: [date, { type: 'string' }] },
            subtasks: { type: 'array', items: { $ref: '#/$defs/Task' } },
          },
        },
      },
    }
    const plan = planDateRevival(schema, [
      ['#/$defs/Task', 'at'],
      ['#/$defs/Task', 'remind'],
    ])
    expect(leaves(plan, 2)).toEqual([
      '/task/at: date',
      '/task/remind: shared',
      '/task/subtasks/*/at: date',
      '/task/subtasks/*/remind: shared',
    ])
    const task = plan?.children.get('task')?.also[0]
    expect(task?.children.get('subtasks')?.children.get('*')?.also[0]).toBe(task)
  })

  it('reaches dates through a recursive type that only uses one with dates', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: { tree: { $ref: '#/$defs/Tree' } },
      $defs: {
        Tree: { anyOf: [{ $ref: '#/$defs/Leaf' }, { $ref: '#/$defs/Branch' }] },
        Leaf: { type: 'object', properties: { at: date } },
        Branch: {
          type: 'object',
          properties: { children: { type: 'array', items: { $ref: '#/$defs/Tree' } } },
        },
      },
    }
    const plan = planDateRevival(schema, [['#/$defs/Leaf', 'at']])
    expect(leaves(plan, 4)).toContain('/tree/at: date')
    expect(leaves(plan, 4)).toContain('/tree/children/*/at: date')
  })
})
