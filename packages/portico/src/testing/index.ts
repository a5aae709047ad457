// `portico/testing`: calling a plugin's tools in its tests. Every line is an API decision.

export type { TestElicitAnswer, TestMcpOptions } from './connect-test-client.js'
export {
  createTestPlugin,
  type TestCallOptions,
  type TestPlugin,
  type TestPluginOptions,
} from './create-test-plugin.js'
