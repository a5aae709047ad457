import type { PromptDefinition } from '../plugin-model.js'

/** A prompt as lists show it (MCP `prompts/list`, the overview): no template, no source. */
export interface PromptListing {
  name: string
  title?: string
  description?: string
  arguments: { name: string; description?: string; required: boolean }[]
}

/** The listing of a prompt; absent fields stay absent. */
export function toPromptListing(prompt: PromptDefinition): PromptListing {
  return {
    name: prompt.name,
    ...(prompt.title ? { title: prompt.title } : {}),
    ...(prompt.description ? { description: prompt.description } : {}),
    arguments: prompt.arguments.map((argument) => ({
      name: argument.name,
      ...(argument.description ? { description: argument.description } : {}),
      required: argument.required,
    })),
  }
}
