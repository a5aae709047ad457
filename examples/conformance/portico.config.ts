import { defineConfig } from 'portico'

export default defineConfig({
  title: 'MCP conformance',
  limits: { toolTimeoutMs: 10_000 },
  resources: { scheme: 'test' },
})
