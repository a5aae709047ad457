import { describe, expect, it } from 'vitest'
import { chooseClientId } from './choose-client-id.js'

const hub = { mode: 'portico-hub', issuer: 'http://localhost:4400/' } as const
const custom = { mode: 'custom', issuer: 'https://login.example.com/' } as const

describe('chooseClientId', () => {
  it.each([
    ['http://localhost:4321', 'http://localhost:4400/clients/localhost/4321.json'],
    ['http://127.0.0.1:8080', 'http://localhost:4400/clients/localhost/8080.json'],
    ['http://127.1.2.3:8080', 'http://localhost:4400/clients/localhost/8080.json'],
    ['http://[::1]:4321', 'http://localhost:4400/clients/localhost/4321.json'],
    ['http://localhost', 'http://localhost:4400/clients/localhost/80.json'],
    ['https://localhost', 'http://localhost:4400/clients/localhost/443.json'],
  ])('uses the hub’s shared document on loopback %s', (origin, clientId) => {
    expect(chooseClientId(hub, origin)).toBe(clientId)
  })

  it('uses the plugin’s own document in mode portico-hub beyond loopback', () => {
    expect(chooseClientId(hub, 'https://notes.example.com')).toBe(
      'https://notes.example.com/.well-known/oauth/client-metadata.json',
    )
  })

  it('uses OAUTH_CLIENT_ID in mode custom, else the plugin’s own document', () => {
    expect(chooseClientId({ ...custom, clientId: 'docs' }, 'http://localhost:4321')).toBe('docs')
    expect(chooseClientId(custom, 'http://localhost:4321')).toBe(
      'http://localhost:4321/.well-known/oauth/client-metadata.json',
    )
  })
})
