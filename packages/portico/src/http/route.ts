/**
 * One route of a surface. Surfaces export tables of these; the server lists the tables in order,
 * in one place. A handler answers, or returns `undefined` to let the next route that matches try
 * (the last answer is the app's 404).
 */
export interface Route {
  /** `GET` also serves HEAD. */
  method: 'GET' | 'ALL'
  /** A path pattern: exact, `:name` for one segment, `*` for the rest. */
  path: string
  handle(request: Request, params: RouteParams): Response | Promise<Response> | undefined
}

/** The `:name` segments of a matched path. */
export type RouteParams = Readonly<Record<string, string>>
