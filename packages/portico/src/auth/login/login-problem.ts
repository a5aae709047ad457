import {
  PROBLEM_CONTENT_TYPE,
  type ProblemDocument,
  problemKinds,
  problemType,
} from '../../http/problem-response.js'

/**
 * A refused `/oauth/login` as problem+json: 400 for a bad request, 502 when the authorization
 * server cannot be used. Unlike other problems it carries no CORS headers: nothing under
 * `/oauth/` is for other origins to read.
 */
export function loginProblem(status: 400 | 502, detail: string): Response {
  const problem: ProblemDocument =
    status === 400
      ? { type: problemType('bad_request'), title: problemKinds.bad_request.title, status, detail }
      : { type: 'urn:portico:problem:bad_gateway', title: 'Bad gateway', status, detail }
  return new Response(JSON.stringify(problem), {
    status,
    headers: { 'content-type': PROBLEM_CONTENT_TYPE, 'cache-control': 'no-store' },
  })
}
