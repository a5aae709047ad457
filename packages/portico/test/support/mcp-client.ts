import {
  Client,
  StreamableHTTPClientTransport,
  type VersionNegotiationMode,
} from '@modelcontextprotocol/client'

/** The two protocol eras a Portico MCP endpoint serves, as the official client reaches them. */
export const protocolEras: { name: string; mode: VersionNegotiationMode }[] = [
  { name: '2025 (initialize, stateless)', mode: 'legacy' },
  { name: '2026-07-28 (stateless, discover)', mode: { pin: '2026-07-28' } },
]

/** Connects the official v2 client to an MCP endpoint in the given era. */
export async function connectMcpClient(
  endpoint: string,
  mode: VersionNegotiationMode,
  fetchImpl?: typeof fetch,
): Promise<Client> {
  const client = new Client(
    { name: 'portico-tests', version: '1.0.0' },
    { versionNegotiation: { mode } },
  )
  const transport = new StreamableHTTPClientTransport(
    new URL(endpoint),
    fetchImpl ? { fetch: fetchImpl } : {},
  )
  await client.connect(transport)
  return client
}
