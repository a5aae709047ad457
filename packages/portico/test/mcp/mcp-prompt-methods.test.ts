import {
  Client,
  type ElicitResult,
  StreamableHTTPClientTransport,
  type VersionNegotiationMode,
} from '@modelcontextprotocol/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RED_PIXEL_BASE64 } from '../support/gallery-content.js'
import { connectMcpClient, protocolEras } from '../support/mcp-client.js'
import { fixtureDir, useServedInBothModes } from '../support/serve-plugin.js'

// The content fixture's `Gallery` class has four methods tagged `@prompt`: `look` (an image, an
// embedded resource and a question), `welcome` (a string), `visit` (asks the user through its
// context) and `closed` (fails).

const served = useServedInBothModes(fixtureDir('content-plugin'))

/** A client that declares elicitation and answers each form with `content`, recording its message. */
async function connectAnsweringClient(
  mode: VersionNegotiationMode,
  content: Record<string, string>,
  asked: string[],
): Promise<Client> {
  const client = new Client(
    { name: 'portico-tests', version: '1.0.0' },
    { versionNegotiation: { mode }, capabilities: { elicitation: {} } },
  )
  client.setRequestHandler('elicitation/create', async (request): Promise<ElicitResult> => {
    asked.push(request.params.message)
    return { action: 'accept', content }
  })
  await client.connect(new StreamableHTTPClientTransport(new URL(`${served.production.url}/mcp`)))
  return client
}

describe.each(protocolEras)('prompt methods in the $name era', ({ mode }) => {
  let client: Client
  let devClient: Client
  beforeAll(async () => {
    ;[client, devClient] = await Promise.all([
      connectMcpClient(`${served.production.url}/mcp`, mode),
      connectMcpClient(`${served.dev.url}/mcp`, mode),
    ])
  })
  afterAll(() => Promise.all([client?.close(), devClient?.close()]))

  it('lists them as prompts with their arguments, and not as tools', async () => {
    expect(client.getServerCapabilities()).toMatchObject({ prompts: { listChanged: false } })
    const { prompts } = await client.listPrompts()
    expect(prompts.map((prompt) => prompt.name)).toEqual([
      'Gallery_closed',
      'Gallery_look',
      'Gallery_visit',
      'Gallery_welcome',
    ])
    expect(prompts[1]).toEqual({
      name: 'Gallery_look',
      title: 'Look at the pixel',
      description: 'Shows the pixel and a file, then asks about them.',
      arguments: [
        { name: 'uri', description: 'Where the embedded file says it comes from.', required: true },
        {
          name: 'question',
          description: 'What to ask; by default, what the model sees.',
          required: false,
        },
      ],
    })
    expect(prompts[2]?.arguments).toEqual([])
    const { tools } = await client.listTools()
    expect(tools.map((tool) => tool.name)).toEqual([
      'Gallery_pixel',
      'Gallery_caption',
      'Gallery_files',
      'Gallery_broken',
      'Gallery_size',
    ])
  })

  it('gets one user message per block, image and embedded resource included', async () => {
    const result = await client.getPrompt({
      name: 'Gallery_look',
      arguments: { uri: 'file:///notes/readme.md' },
    })
    expect(result).toMatchObject({
      description: 'Shows the pixel and a file, then asks about them.',
      messages: [
        { role: 'user', content: { type: 'image', mimeType: 'image/png', data: RED_PIXEL_BASE64 } },
        {
          role: 'user',
          content: {
            type: 'resource',
            resource: {
              uri: 'file:///notes/readme.md',
              mimeType: 'text/markdown',
              text: '# Gallery',
            },
          },
        },
        { role: 'user', content: { type: 'text', text: 'What do you see?' } },
      ],
    })
    expect(result.messages).toHaveLength(3)
  })

  it('gets a string as one user text message', async () => {
    const result = await client.getPrompt({
      name: 'Gallery_welcome',
      arguments: { name: 'Ada', tone: 'formal' },
    })
    expect(result.messages).toEqual([
      { role: 'user', content: { type: 'text', text: 'Welcome, Ada.' } },
    ])
  })

  it('answers an argument outside its literal union with -32602 naming the choices', async () => {
    await expect(
      client.getPrompt({ name: 'Gallery_welcome', arguments: { tone: 'rude' } }),
    ).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('argument "tone" must be one of "warm", "formal"'),
    })
  })

  it('completes an argument typed as a literal union with its choices', async () => {
    const answer = await client.complete({
      ref: { type: 'ref/prompt', name: 'Gallery_welcome' },
      argument: { name: 'tone', value: 'F' },
    })
    expect(answer.completion).toEqual({ values: ['formal'], total: 1, hasMore: false })
  })

  it('answers a missing required argument with -32602 naming it', async () => {
    await expect(client.getPrompt({ name: 'Gallery_look', arguments: {} })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining(
        'Invalid arguments for prompt "Gallery_look": argument "uri" is required',
      ),
    })
  })

  it('answers an undeclared argument with -32602 naming it', async () => {
    await expect(
      client.getPrompt({ name: 'Gallery_welcome', arguments: { name: 'Ada', mood: 'glad' } }),
    ).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining(
        'Invalid arguments for prompt "Gallery_welcome": argument "mood" is not an allowed property',
      ),
    })
  })

  it('answers a failing method with -32603, its message shown only by portico dev', async () => {
    await expect(client.getPrompt({ name: 'Gallery_closed' })).rejects.toMatchObject({
      code: -32603,
      message: expect.stringContaining('The tool failed. The server log has the details.'),
    })
    await expect(client.getPrompt({ name: 'Gallery_closed' })).rejects.not.toMatchObject({
      message: expect.stringContaining('hunter2'),
    })
    await expect(devClient.getPrompt({ name: 'Gallery_closed' })).rejects.toMatchObject({
      code: -32603,
      message: expect.stringContaining('Gallery_closed failed: the vault key is hunter2'),
    })
  })
})

describe('a prompt method in 2026-07-28', () => {
  it('asks the user for its missing required arguments, then runs with the answer', async () => {
    const asked: string[] = []
    const client = await connectAnsweringClient(
      { pin: '2026-07-28' },
      { uri: 'file:///asked.md' },
      asked,
    )
    try {
      const result = await client.getPrompt({ name: 'Gallery_look', arguments: {} })
      expect(asked).toEqual(['Look at the pixel needs uri'])
      expect(result.messages[1]).toEqual({
        role: 'user',
        content: {
          type: 'resource',
          resource: { uri: 'file:///asked.md', mimeType: 'text/markdown', text: '# Gallery' },
        },
      })
    } finally {
      await client.close()
    }
  })

  it('asks the user through its context, in an input round', async () => {
    const asked: string[] = []
    const client = await connectAnsweringClient({ pin: '2026-07-28' }, { name: 'Grace' }, asked)
    try {
      const result = await client.getPrompt({ name: 'Gallery_visit' })
      expect(asked).toEqual(['Who is visiting?'])
      expect(result.messages).toEqual([
        { role: 'user', content: { type: 'text', text: 'Welcome, Grace.' } },
      ])
    } finally {
      await client.close()
    }
  })
})
