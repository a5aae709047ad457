import { defineConfig } from 'portico'

export default defineConfig({
  title: 'Notes',
  style: { color: '#0f766e' },
  limits: { toolTimeoutMs: 5_000 },
})
