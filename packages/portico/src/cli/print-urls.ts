import { consola } from 'consola'
import type { PluginModel } from '../model/plugin-model.js'

/** What a developer needs after start: where the plugin answers. */
export function printUrls(url: string, model: PluginModel): void {
  const tools = model.tools.length
  consola.box(
    [
      `${model.identity.title} ${model.identity.version}`,
      '',
      `Server   ${url}`,
      `REST     ${url}/api/<Class>/<method>  (${tools} tool${tools === 1 ? '' : 's'})`,
      `OpenAPI  ${url}/open-api.json`,
      `Types    ${url}/types.json`,
    ].join('\n'),
  )
}
