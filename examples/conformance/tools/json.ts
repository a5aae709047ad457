import { content, type ToolContent } from 'portico'

/** A contact, as the schema file says it (TypeScript cannot say "phone or e-mail"). */
interface Contact {
  name?: string
  address?: { street?: string; city?: string }
  contactMethod?: 'phone' | 'email'
  phone?: string
  email?: string
}

// A class named `json` makes the tool id `json_schema_2020_12_tool`, the name the suite calls.
/** The JSON Schema 2020-12 fixture of the MCP conformance suite. */
export class json {
  /**
   * Tool with JSON Schema 2020-12 features for conformance testing (SEP-1613)
   * @inputSchema ./json-schema-2020-12.json
   */
  async schema_2020_12_tool(input: Contact): Promise<ToolContent> {
    return content.result(
      content.text(`JSON Schema 2020-12 tool called with: ${JSON.stringify(input)}`),
    )
  }
}
