import type { TrafficEntry } from './traffic-recorder.js'

/** Every exchange of the client, oldest first: one line each, the bodies one click away. */
export function TrafficLog({ entries, onClear }: { entries: TrafficEntry[]; onClear: () => void }) {
  return (
    <section class="card mcp-section" aria-labelledby="mcp-log-heading">
      <div class="row mcp-log-head">
        <h2 id="mcp-log-heading">JSON-RPC log</h2>
        <button type="button" class="ghost" onClick={onClear} disabled={entries.length === 0}>
          Clear
        </button>
      </div>
      <div class="mcp-log" data-testid="mcp-log" role="log" aria-label="JSON-RPC log">
        {entries.length === 0 ? (
          <p class="muted">Requests and responses appear here once you connect.</p>
        ) : (
          entries.map((entry) => <LogEntry key={entry.seq} entry={entry} />)
        )}
      </div>
    </section>
  )
}

function LogEntry({ entry }: { entry: TrafficEntry }) {
  const { response } = entry
  const failed =
    entry.failure !== undefined ||
    (response !== undefined && (response.status >= 400 || hasRpcError(response.body)))
  return (
    <details class="mcp-log-entry">
      <summary>
        <span class="muted">#{entry.seq}</span>
        <time class="muted">{entry.time}</time>
        <strong>{entry.rpcMethod ?? `${entry.httpMethod} (no JSON-RPC body)`}</strong>
        {entry.rpcId !== undefined && <span class="muted">id {String(entry.rpcId)}</span>}
        <span class={failed ? 'mcp-bad' : response ? 'mcp-good' : 'muted'}>
          {entry.note
            ? 'not sent'
            : entry.failure
              ? 'failed'
              : response
                ? `${response.status}${hasRpcError(response.body) ? ' error' : ''}`
                : '…'}
        </span>
        {response && <span class="muted">{response.durationMs} ms</span>}
      </summary>
      <div class="mcp-log-body">
        {entry.note && <p class="muted">{entry.note}</p>}
        <h4>
          Request <span class="muted">{`${entry.httpMethod} ${pathOf(entry.url)}`}</span>
        </h4>
        <HeaderList pairs={entry.requestHeaders} />
        {entry.requestBody !== undefined && <Json value={entry.requestBody} />}
        {entry.failure && <p class="error">{entry.failure}</p>}
        {response && (
          <>
            <h4>
              Response <span class="muted">{response.status}</span>
            </h4>
            <HeaderList pairs={response.headers} />
            {response.body === undefined ? (
              <p class="muted">(no body)</p>
            ) : (
              <Json value={response.body} />
            )}
          </>
        )}
      </div>
    </details>
  )
}

function HeaderList({ pairs }: { pairs: [string, string][] }) {
  return (
    <pre class="mcp-headers">
      <code>{pairs.map(([name, value]) => `${name}: ${value}`).join('\n')}</code>
    </pre>
  )
}

function Json({ value }: { value: unknown }) {
  return (
    <pre>
      <code>{typeof value === 'string' ? value : JSON.stringify(value, null, 2)}</code>
    </pre>
  )
}

/** Whether a JSON-RPC answer (or one of an event stream's) is an error object. */
function hasRpcError(body: unknown): boolean {
  const messages = Array.isArray(body) ? body : [body]
  return messages.some(
    (message) => typeof message === 'object' && message !== null && 'error' in message,
  )
}

function pathOf(url: string): string {
  const parsed = new URL(url, location.href)
  return parsed.origin === location.origin ? parsed.pathname + parsed.search : url
}
