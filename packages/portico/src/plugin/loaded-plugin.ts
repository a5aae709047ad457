import type { ToolRuntime } from '../invoke/create-tool-runtime.js'

/** A plugin ready to serve: its runtime and the folder it came from. */
export interface LoadedPlugin {
  rootDir: string
  runtime: ToolRuntime
}
