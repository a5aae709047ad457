import { content, PorticoError, type PorticoToolContext, type ToolContent } from 'portico'

// The fixtures of the MCP conformance suite's server scenarios, under the names, descriptions
// and texts of its reference server (examples/servers/typescript/everything-server.ts). A class
// named `test` makes the tool ids `test_<method>`, the names the scenarios call.

/** The 1×1 PNG of the reference server. */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=='

/** The (empty) WAV of the reference server. */
const WAV = 'UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAAB9AAACABAAZGF0YQIAAAA='

// The input of a tool that takes none but needs its context (`{}` reads the same, but lint bans
// it). A JSDoc here would become the description of every such input schema.
type NoInput = Record<string, never>

function text(message: string): ToolContent {
  return content.result(content.text(message))
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/** The confirmation both requestState fixtures ask, under the reference server's key. */
async function confirmWithState(ctx: PorticoToolContext): Promise<ToolContent> {
  await ctx.elicit(
    {
      message: 'Please confirm',
      requestedSchema: {
        type: 'object',
        properties: { ok: { type: 'boolean' } },
        required: ['ok'],
      },
    },
    { key: 'confirm' },
  )
  return text('state-ok: requestState validated')
}

/** What a form elicitation answered, as the reference server prints it. */
function describeAnswer(answer: { action: string; content?: unknown }): string {
  return `action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}`
}

/** The MCP conformance suite's test tools. */
export class test {
  /** Tests simple text content response */
  async simple_text(): Promise<ToolContent> {
    return text('This is a simple text response for testing.')
  }

  /** Tests SEP-2243 parameter headers: the message travels in Mcp-Param-Message too */
  async custom_headers(input: {
    /**
     * What to echo
     * @mcpHeader Message
     */
    message: string
  }): Promise<ToolContent> {
    return text(`Echo: ${input.message}`)
  }

  /** Tests image content response */
  async image_content(): Promise<ToolContent> {
    return content.result(content.image(Buffer.from(PNG, 'base64'), 'image/png'))
  }

  /** Tests audio content response */
  async audio_content(): Promise<ToolContent> {
    return content.result(content.audio(Buffer.from(WAV, 'base64'), 'audio/wav'))
  }

  /** Tests embedded resource content response */
  async embedded_resource(): Promise<ToolContent> {
    return content.result(
      content.resource({
        uri: 'test://embedded-resource',
        mimeType: 'text/plain',
        text: 'This is an embedded resource content.',
      }),
    )
  }

  /** Tests response with multiple content types (text, image, resource) */
  async multiple_content_types(): Promise<ToolContent> {
    return content.result(
      content.text('Multiple content types test:'),
      content.image(Buffer.from(PNG, 'base64'), 'image/png'),
      content.resource({
        uri: 'test://mixed-content-resource',
        mimeType: 'application/json',
        text: JSON.stringify({ test: 'data', value: 123 }),
      }),
    )
  }

  /**
   * A prompt that includes an embedded resource
   * @prompt
   */
  async prompt_with_embedded_resource(input: {
    /** URI of the resource to embed */
    resourceUri: string
  }): Promise<ToolContent> {
    return content.result(
      content.resource({
        uri: input.resourceUri,
        mimeType: 'text/plain',
        text: 'Embedded resource content for testing.',
      }),
      content.text('Please process the embedded resource above.'),
    )
  }

  /**
   * A prompt that includes image content
   * @prompt
   */
  async prompt_with_image(): Promise<ToolContent> {
    return content.result(
      content.image(Buffer.from(PNG, 'base64'), 'image/png'),
      content.text('Please analyze the image above.'),
    )
  }

  /** Tests error response handling */
  async error_handling(): Promise<ToolContent> {
    throw new PorticoError('execution', 'This tool intentionally returns an error for testing')
  }

  /** Tests tool that emits log messages during execution */
  async tool_with_logging(_input: NoInput, ctx: PorticoToolContext): Promise<ToolContent> {
    await ctx.log('info', 'Tool execution started')
    await pause(50)
    await ctx.log('info', 'Tool processing data')
    await pause(50)
    await ctx.log('info', 'Tool execution completed')
    return text('Tool with logging executed successfully')
  }

  /** Tests tool that reports progress notifications */
  async tool_with_progress(_input: NoInput, ctx: PorticoToolContext): Promise<ToolContent> {
    for (const done of [0, 50, 100]) {
      await ctx.progress(done, 100, `Completed step ${done} of 100`)
      if (done < 100) await pause(50)
    }
    return text('Progress reported: 0, 50 and 100 of 100')
  }

  /** Tests server-initiated sampling (LLM completion request) */
  async sampling(
    input: {
      /** The prompt to send to the LLM */
      prompt: string
    },
    ctx: PorticoToolContext,
  ): Promise<ToolContent> {
    const answer = await ctx.sample({
      messages: [{ role: 'user', content: { type: 'text', text: input.prompt } }],
      maxTokens: 100,
    })
    const reply = answer.content.type === 'text' ? answer.content.text : answer.content.type
    return text(`LLM response: ${reply}`)
  }

  /** Tests server-initiated elicitation (user input request) */
  async elicitation(
    input: {
      /** The message to show the user */
      message: string
    },
    ctx: PorticoToolContext,
  ): Promise<ToolContent> {
    // The form the scenario documents: Portico checks the answer against the form, and the
    // suite answers `username` and `email` (the reference server asks for `response`).
    const answer = await ctx.elicit({
      message: input.message,
      requestedSchema: {
        type: 'object',
        properties: {
          username: { type: 'string', description: 'Your username' },
          email: { type: 'string', description: 'Your email address', format: 'email' },
        },
        required: ['username', 'email'],
      },
    })
    return text(`User response: ${describeAnswer(answer)}`)
  }

  /** Tests elicitation with default values per SEP-1034 */
  async elicitation_sep1034_defaults(
    _input: NoInput,
    ctx: PorticoToolContext,
  ): Promise<ToolContent> {
    const answer = await ctx.elicit({
      message: 'Please review and update the form fields with defaults',
      requestedSchema: {
        type: 'object',
        properties: {
          name: { type: 'string', description: 'User name', default: 'John Doe' },
          age: { type: 'integer', description: 'User age', default: 30 },
          score: { type: 'number', description: 'User score', default: 95.5 },
          status: {
            type: 'string',
            description: 'User status',
            enum: ['active', 'inactive', 'pending'],
            default: 'active',
          },
          verified: { type: 'boolean', description: 'Verification status', default: true },
        },
        required: [],
      },
    })
    return text(`Elicitation completed: ${describeAnswer(answer)}`)
  }

  /** Tests elicitation with enum schema improvements per SEP-1330 */
  async elicitation_sep1330_enums(_input: NoInput, ctx: PorticoToolContext): Promise<ToolContent> {
    const answer = await ctx.elicit({
      message: 'Please select options from the enum fields',
      requestedSchema: {
        type: 'object',
        properties: {
          untitledSingle: {
            type: 'string',
            description: 'Select one option',
            enum: ['option1', 'option2', 'option3'],
          },
          titledSingle: {
            type: 'string',
            description: 'Select one option with titles',
            oneOf: [
              { const: 'value1', title: 'First Option' },
              { const: 'value2', title: 'Second Option' },
              { const: 'value3', title: 'Third Option' },
            ],
          },
          legacyEnum: {
            type: 'string',
            description: 'Select one option (legacy)',
            enum: ['opt1', 'opt2', 'opt3'],
            enumNames: ['Option One', 'Option Two', 'Option Three'],
          },
          untitledMulti: {
            type: 'array',
            description: 'Select multiple options',
            minItems: 1,
            maxItems: 3,
            items: { type: 'string', enum: ['option1', 'option2', 'option3'] },
          },
          titledMulti: {
            type: 'array',
            description: 'Select multiple options with titles',
            minItems: 1,
            maxItems: 3,
            items: {
              anyOf: [
                { const: 'value1', title: 'First Choice' },
                { const: 'value2', title: 'Second Choice' },
                { const: 'value3', title: 'Third Choice' },
              ],
            },
          },
        },
        required: [],
      },
    })
    return text(`Elicitation completed: ${describeAnswer(answer)}`)
  }

  /** Test tool requiring sampling */
  async missing_capability(_input: NoInput, ctx: PorticoToolContext): Promise<ToolContent> {
    await ctx.sample({
      messages: [{ role: 'user', content: { type: 'text', text: 'Say hello' } }],
      maxTokens: 10,
    })
    return text('Success')
  }

  /** Diagnostic tool validating response progress streams */
  async streaming_elicitation(_input: NoInput, ctx: PorticoToolContext): Promise<ToolContent> {
    await ctx.progress(1, 1, 'Streaming')
    return text('Streaming complete')
  }

  /**
   * Tests SSE stream disconnection and client reconnection (SEP-1699). Server will close the stream mid-call and send the result after client reconnects.
   */
  async reconnection(_input: NoInput, ctx: PorticoToolContext): Promise<ToolContent> {
    // Only a stateful session can close the stream for the client to resume; stateless, the
    // result comes on the stream the call opened.
    ctx.closeStream()
    await pause(100)
    return text(
      'Reconnection test completed successfully. If you received this, the client properly reconnected after stream closure.',
    )
  }

  /** Diagnostic logging validator tool */
  async logging_tool(_input: NoInput, ctx: PorticoToolContext): Promise<ToolContent> {
    // Sent only when the request names a level (`io.modelcontextprotocol/logLevel` in
    // 2026-07-28); server-stateless names none and checks that nothing arrives.
    await ctx.log('info', 'Logging tool ran')
    return text('Logging evaluated')
  }

  // Protocol 2026-07-28 (SEP-2322): each ask below is answered `input_required`, and the
  // method runs again from its start with the client's answers.

  /** MRTR: asks the user's name */
  async input_required_result_elicitation(
    _input: NoInput,
    ctx: PorticoToolContext,
  ): Promise<ToolContent> {
    const answer = await ctx.elicit(
      {
        message: 'What is your name?',
        requestedSchema: {
          type: 'object',
          properties: { name: { type: 'string' } },
          required: ['name'],
        },
      },
      { key: 'user_name' },
    )
    return text(`Hello, ${answer.action === 'accept' ? answer.content.name : 'unknown'}!`)
  }

  /**
   * Asks the user's name by input_required rounds, then works on as a task
   * @task required
   */
  async tool_with_task(_input: NoInput, ctx: PorticoToolContext): Promise<ToolContent> {
    const answer = await ctx.elicit(
      {
        message: 'What is your name?',
        requestedSchema: {
          type: 'object',
          properties: { name: { type: 'string' } },
          required: ['name'],
        },
      },
      { key: 'user_name' },
    )
    await pause(500)
    return text(`Hello, ${answer.action === 'accept' ? answer.content.name : 'unknown'}!`)
  }

  /** MRTR: asks the client's model a question */
  async input_required_result_sampling(
    _input: NoInput,
    ctx: PorticoToolContext,
  ): Promise<ToolContent> {
    const answer = await ctx.sample(
      {
        messages: [
          { role: 'user', content: { type: 'text', text: 'What is the capital of France?' } },
        ],
        maxTokens: 100,
      },
      { key: 'capital_question' },
    )
    const reply = answer.content.type === 'text' ? answer.content.text : answer.content.type
    return text(`Sampling result: ${reply}`)
  }

  /** MRTR: asks the client for its roots */
  async input_required_result_list_roots(
    _input: NoInput,
    ctx: PorticoToolContext,
  ): Promise<ToolContent> {
    const roots = await ctx.roots({ key: 'client_roots' })
    return text(`Found ${roots.length} root(s)`)
  }

  /** MRTR: a confirmation carried in requestState */
  async input_required_result_request_state(
    _input: NoInput,
    ctx: PorticoToolContext,
  ): Promise<ToolContent> {
    return confirmWithState(ctx)
  }

  /** MRTR: an elicitation, a sampling and a roots request in one round */
  async input_required_result_multiple_inputs(
    _input: NoInput,
    ctx: PorticoToolContext,
  ): Promise<ToolContent> {
    const [user, greeting, roots] = await Promise.all([
      ctx.elicit(
        {
          message: 'What is your name?',
          requestedSchema: {
            type: 'object',
            properties: { name: { type: 'string' } },
            required: ['name'],
          },
        },
        { key: 'user_name' },
      ),
      ctx.sample(
        {
          messages: [{ role: 'user', content: { type: 'text', text: 'Generate a greeting' } }],
          maxTokens: 50,
        },
        { key: 'greeting' },
      ),
      ctx.roots({ key: 'client_roots' }),
    ])
    const name = user.action === 'accept' ? user.content.name : 'unknown'
    const hello = greeting.content.type === 'text' ? greeting.content.text : ''
    return text(`Name: ${name}; Greeting: ${hello}; Roots: ${roots.length}`)
  }

  /** MRTR: a name, then a colour, in two rounds */
  async input_required_result_multi_round(
    _input: NoInput,
    ctx: PorticoToolContext,
  ): Promise<ToolContent> {
    const first = await ctx.elicit(
      {
        message: 'Step 1: What is your name?',
        requestedSchema: {
          type: 'object',
          properties: { name: { type: 'string' } },
          required: ['name'],
        },
      },
      { key: 'step1' },
    )
    const second = await ctx.elicit(
      {
        message: 'Step 2: What is your favorite color?',
        requestedSchema: {
          type: 'object',
          properties: { color: { type: 'string' } },
          required: ['color'],
        },
      },
      { key: 'step2' },
    )
    const name = first.action === 'accept' ? first.content.name : 'unknown'
    const color = second.action === 'accept' ? second.content.color : 'unknown'
    return text(`Multi-round complete for ${name} who likes ${color}`)
  }

  /** MRTR: a signed requestState that the client tampers with */
  async input_required_result_tampered_state(
    _input: NoInput,
    ctx: PorticoToolContext,
  ): Promise<ToolContent> {
    return confirmWithState(ctx)
  }

  /** MRTR: asks only what the client declared it can answer */
  async input_required_result_capabilities(
    _input: NoInput,
    ctx: PorticoToolContext,
  ): Promise<ToolContent> {
    // An ask the client cannot answer rejects at once; the others make the round.
    const answers = await Promise.allSettled([
      ctx.elicit(
        {
          message: 'Elicitation input',
          requestedSchema: {
            type: 'object',
            properties: { value: { type: 'string' } },
            required: ['value'],
          },
        },
        { key: 'elicit_input' },
      ),
      ctx.sample(
        {
          messages: [{ role: 'user', content: { type: 'text', text: 'Sample request' } }],
          maxTokens: 50,
        },
        { key: 'sample_input' },
      ),
    ])
    const received = ['elicit_input', 'sample_input'].filter(
      (_, index) => answers[index]?.status === 'fulfilled',
    )
    if (received.length === 0) return text('No supported capabilities declared')
    return text(`capabilities-ok: received ${received.join(', ')}`)
  }
}
