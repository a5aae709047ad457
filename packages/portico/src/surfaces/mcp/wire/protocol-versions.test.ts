import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  LOG_LEVEL_META_KEY,
  PROTOCOL_VERSION_META_KEY,
  RELATED_TASK_META_KEY,
  SERVER_INFO_META_KEY,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/server'
import { describe, expect, it } from 'vitest'
import {
  isLegacyVersion,
  LEGACY_PROTOCOL_VERSIONS,
  META_CLIENT_CAPABILITIES,
  META_CLIENT_INFO,
  META_LOG_LEVEL,
  META_PROTOCOL_VERSION,
  META_RELATED_TASK,
  META_SERVER_INFO,
  namesRevision,
} from './protocol-versions.js'

describe('namesRevision', () => {
  it.each([
    ['2025-11-25', true],
    ['2099-01-01', true],
    ['banana', false],
    ['2025-11-25 ', false],
    ['', false],
  ])('tells whether %j names a revision (%s)', (version, names) => {
    expect(namesRevision(version)).toBe(names)
  })
})

describe('the per-era rules written out for the hot path, against the SDK’s', () => {
  it('lists the revisions the SDK’s 2025 transport accepts, in its order', () => {
    expect(LEGACY_PROTOCOL_VERSIONS).toEqual(SUPPORTED_PROTOCOL_VERSIONS)
    for (const version of SUPPORTED_PROTOCOL_VERSIONS) expect(isLegacyVersion(version)).toBe(true)
    expect(isLegacyVersion('2026-07-28')).toBe(false)
  })

  it('names the 2026-07-28 envelope’s _meta keys as the SDK does', () => {
    expect({
      META_PROTOCOL_VERSION,
      META_CLIENT_CAPABILITIES,
      META_CLIENT_INFO,
      META_LOG_LEVEL,
      META_SERVER_INFO,
      META_RELATED_TASK,
    }).toEqual({
      META_PROTOCOL_VERSION: PROTOCOL_VERSION_META_KEY,
      META_CLIENT_CAPABILITIES: CLIENT_CAPABILITIES_META_KEY,
      META_CLIENT_INFO: CLIENT_INFO_META_KEY,
      META_LOG_LEVEL: LOG_LEVEL_META_KEY,
      META_SERVER_INFO: SERVER_INFO_META_KEY,
      META_RELATED_TASK: RELATED_TASK_META_KEY,
    })
  })
})
