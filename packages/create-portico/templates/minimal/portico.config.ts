import { defineConfig } from 'portico'

export default defineConfig({ title: '__PORTICO_TITLE__' })
