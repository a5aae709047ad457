import type { NamedTypeDefinition, PluginModel } from '../../model/plugin-model.js'

/** `/types.json`: the flat index of the named TypeScript types the tools use. */
export interface TypesDocument {
  types: NamedTypeDefinition[]
}

/** Builds `/types.json` from the model. */
export function buildTypesDocument(model: PluginModel): TypesDocument {
  return { types: model.types }
}
