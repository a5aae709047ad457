/**
 * A POST as the SDK's 2025 transport takes it: that transport insists that `Accept` names both
 * JSON and SSE, whichever one it answers with, where Portico has already chosen from what the
 * client really accepts. `bodyRead`: the body travels as `parsedBody`, so the copy must not try
 * to take it again.
 */
export function withBothAccepted(request: Request, bodyRead: boolean): Request {
  const accept = request.headers.get('accept')
  if (accept?.includes('application/json') && accept.includes('text/event-stream')) return request
  const headers = new Headers(request.headers)
  headers.set('accept', 'application/json, text/event-stream')
  if (bodyRead) return new Request(request.url, { method: request.method, headers })
  return new Request(request, { headers, duplex: 'half' } as RequestInit)
}
