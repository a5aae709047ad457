import type { Json } from './json-schema.js'

/**
 * The code a tool page shows for calling the tool the way its try-it form would, outside the
 * browser. None of them holds the access token: when the call needs one, each reads it from
 * the environment variable {@link TOKEN_VARIABLE}, as the curl line reads `$TOKEN`.
 */

/** The environment variable the snippets read the access token from. */
export const TOKEN_VARIABLE = 'TOKEN'

/** The npm package the MCP snippet imports: the official TypeScript SDK's client. */
export const MCP_CLIENT_PACKAGE = '@modelcontextprotocol/client'

/** One call, as every snippet needs it. */
export interface CallTarget {
  /** The tool's REST URL (absolute). */
  restUrl: string
  /** The request body as typed: JSON text, possibly not valid JSON yet. */
  body: string
  /** Whether the call sends an access token (the site holds one). */
  withToken: boolean
  /** The tool's MCP name. */
  toolId: string
}

/** An MCP server that offers the tool: its URL and the key `/mcp.json` gives it. */
export interface McpServerRef {
  url: string
  key: string
}

/** The body as a value, or `undefined` while it is not valid JSON. */
function parsedBody(body: string): Json | undefined {
  try {
    return JSON.parse(body) as Json
  } catch {
    return undefined
  }
}

/** Each line of `text` after the first, indented by `by` spaces: to nest a literal in code. */
function indentRest(text: string, by: number): string {
  return text.replaceAll('\n', `\n${' '.repeat(by)}`)
}

/** The REST call with the platform `fetch` (Node 18+, Deno, Bun, browsers), in TypeScript. */
export function fetchSnippet(target: CallTarget): string {
  const value = parsedBody(target.body)
  const body =
    value === undefined
      ? JSON.stringify(target.body)
      : `JSON.stringify(${indentRest(JSON.stringify(value, null, 2), 2)})`
  return [
    `const response = await fetch(${JSON.stringify(target.restUrl)}, {`,
    `  method: 'POST',`,
    '  headers: {',
    `    'content-type': 'application/json',`,
    ...(target.withToken
      ? [`    authorization: \`Bearer \${process.env.${TOKEN_VARIABLE}}\`,`]
      : []),
    '  },',
    `  body: ${body},`,
    '})',
    '// An error is a problem document (application/problem+json), also JSON.',
    'console.log(response.status, JSON.stringify(await response.json(), null, 2))',
    '',
  ].join('\n')
}

/** A JSON value written as a Python literal: `true` is `True`, `null` is `None`. */
export function pythonLiteral(value: Json, indent = 0): string {
  const pad = ' '.repeat(indent + 4)
  const end = ' '.repeat(indent)
  if (value === null) return 'None'
  if (value === true) return 'True'
  if (value === false) return 'False'
  // JSON's number and string forms are Python's too (the escapes JSON writes included).
  if (typeof value === 'number' || typeof value === 'string') return JSON.stringify(value)
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]'
    const items = value.map((item) => `${pad}${pythonLiteral(item, indent + 4)},`)
    return `[\n${items.join('\n')}\n${end}]`
  }
  const entries = Object.entries(value)
  if (entries.length === 0) return '{}'
  const lines = entries.map(
    ([key, item]) => `${pad}${JSON.stringify(key)}: ${pythonLiteral(item, indent + 4)},`,
  )
  return `{\n${lines.join('\n')}\n${end}}`
}

/**
 * The REST call in Python with the standard library only (`urllib.request`), so that it runs
 * on any Python 3 without installing a package; an error answer prints its problem document.
 */
export function pythonSnippet(target: CallTarget): string {
  const value = parsedBody(target.body)
  const data =
    value === undefined
      ? `${JSON.stringify(target.body)}.encode()`
      : `json.dumps(${pythonLiteral(value, 4)}).encode()`
  return [
    'import json',
    ...(target.withToken ? ['import os'] : []),
    'import urllib.error',
    'import urllib.request',
    '',
    'request = urllib.request.Request(',
    `    ${JSON.stringify(target.restUrl)},`,
    '    method="POST",',
    '    headers={',
    '        "content-type": "application/json",',
    ...(target.withToken
      ? [`        "authorization": "Bearer " + os.environ["${TOKEN_VARIABLE}"],`]
      : []),
    '    },',
    `    data=${data},`,
    ')',
    'try:',
    '    with urllib.request.urlopen(request) as response:',
    '        print(response.status, json.dumps(json.load(response), indent=2))',
    'except urllib.error.HTTPError as error:',
    '    # An error is a problem document (application/problem+json), also JSON.',
    '    print(error.code, json.dumps(json.load(error), indent=2))',
    '',
  ].join('\n')
}

/**
 * The same call over MCP with the official TypeScript SDK (`npm install
 * @modelcontextprotocol/client`): connect, `tools/call`, print the result, close.
 */
export function mcpSdkSnippet(target: CallTarget, server: McpServerRef): string {
  const value = parsedBody(target.body)
  const args =
    value === undefined
      ? `JSON.parse(${JSON.stringify(target.body)})`
      : indentRest(JSON.stringify(value, null, 2), 2)
  const options = target.withToken
    ? [
        ', {',
        `  requestInit: { headers: { authorization: \`Bearer \${process.env.${TOKEN_VARIABLE}}\` } },`,
        '})',
      ].join('\n')
    : ')'
  return [
    `import { Client, StreamableHTTPClientTransport } from '${MCP_CLIENT_PACKAGE}'`,
    '',
    `const client = new Client({ name: 'my-client', version: '1.0.0' })`,
    `const transport = new StreamableHTTPClientTransport(new URL(${JSON.stringify(server.url)})${options}`,
    'await client.connect(transport)',
    'const result = await client.callTool({',
    `  name: ${JSON.stringify(target.toolId)},`,
    `  arguments: ${args},`,
    '})',
    '// A tool error is a result too, with isError: true.',
    'console.log(JSON.stringify(result.structuredContent ?? result.content))',
    'await client.close()',
    '',
  ].join('\n')
}

/** The server's entry of an `mcp.json` (Claude Code's `.mcp.json` shape), headers included. */
export interface McpJsonEntry {
  mcpServers: Record<string, { type: 'http'; url: string; headers?: Record<string, string> }>
}

/**
 * The server as an `mcp.json` entry, as `/mcp.json` lists it; with a token, the header reads it
 * from the environment (`${TOKEN}`, which Claude Code and other clients expand).
 */
export function mcpJsonEntry(target: CallTarget, server: McpServerRef): McpJsonEntry {
  return {
    mcpServers: {
      [server.key]: {
        type: 'http',
        url: server.url,
        ...(target.withToken ? { headers: { Authorization: `Bearer \${${TOKEN_VARIABLE}}` } } : {}),
      },
    },
  }
}
