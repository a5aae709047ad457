import { expect } from 'vitest'
import type { PorticoErrorKind } from '../../src/core/portico-error.js'
import { type ProblemDocument, problemKinds, problemType } from '../../src/http/problem-response.js'

/** An answer already read: a status and a parsed body, or its JSON as `body` or `text`. */
export type ReadAnswer = { status: number } & ({ body: unknown } | { text: string })

/** The error kind whose problem document has `status`. */
export function problemKindOf(status: number): PorticoErrorKind {
  const found = Object.entries(problemKinds).find(([, kind]) => kind.status === status)
  if (!found) throw new Error(`No Portico problem kind answers ${status}`)
  return found[0] as PorticoErrorKind
}

/**
 * Asserts that `answer` is Portico's problem document of `kind`: the kind's status, and a body
 * whose `type`, `title` and `status` say the same (see `src/http/problem-response.ts`). A status
 * alone would pass a 404 from anywhere (a proxy, a wrong route): the type says which refusal it
 * is. Reads a `Response` from a clone, so the caller can still read its body. Returns the
 * document for further checks.
 */
export async function expectProblem(
  answer: Response | ReadAnswer,
  kind: PorticoErrorKind,
): Promise<ProblemDocument> {
  const { status, title } = problemKinds[kind]
  let body: unknown
  // Duck-typed: a Response from another realm (undici's, a worker's) fails `instanceof`.
  if (isResponse(answer)) {
    const text = await answer.clone().text()
    expect(answer.status, text).toBe(status)
    body = JSON.parse(text)
  } else {
    const read = 'text' in answer ? answer.text : answer.body
    expect(answer.status, typeof read === 'string' ? read : JSON.stringify(read)).toBe(status)
    body = typeof read === 'string' ? JSON.parse(read) : read
  }
  expect(body).toMatchObject({ type: problemType(kind), title, status })
  return body as ProblemDocument
}

function isResponse(answer: Response | ReadAnswer): answer is Response {
  return typeof (answer as Response).clone === 'function'
}
