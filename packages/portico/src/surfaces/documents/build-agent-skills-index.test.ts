import { describe, expect, test } from 'vitest'
import { createBareModel } from '../../../test/support/example-model-fixture.js'
import type { PluginModel, SkillDefinition } from '../../model/plugin-model.js'
import { buildAgentSkillsIndex } from './build-agent-skills-index.js'

const origin = 'https://notes.example.com'

function skillOf(name: string, files: Record<string, string>): SkillDefinition {
  return {
    name,
    description: `The ${name} skill.`,
    frontmatter: { name, description: `The ${name} skill.` },
    files: Object.entries(files).map(([path, text]) => ({
      path,
      base64: Buffer.from(text).toString('base64'),
    })),
    source: { file: `skills/${name}/SKILL.md`, line: 1 },
  }
}

function modelWith(...skills: SkillDefinition[]): PluginModel {
  return { ...createBareModel(), skills }
}

describe('buildAgentSkillsIndex', () => {
  test('gives the digests of the RFC’s worked example (v0.2.0, “Skill-Level Digest”)', () => {
    const skill = skillOf('hello', { 'scripts/run.sh': '#!/bin/sh\n', 'SKILL.md': '# Hello\n' })
    const index = buildAgentSkillsIndex(modelWith(skill), origin, new Map())
    expect(index.version).toBe('0.2.0')
    expect(index.skills[0]?.files).toEqual([
      {
        path: 'SKILL.md',
        digest: 'sha256:90f8ec5669cd34183b9b0fdf8b94f5efb4c3672876330f4aa76088c2b4ad17be',
      },
      {
        path: 'scripts/run.sh',
        digest: 'sha256:a8076d3d28d21e02012b20eaf7dbf75409a6277134439025f282e368e3305abf',
      },
    ])
    expect(index.skills[0]?.digest).toBe(
      'sha256:34f7a8c484e9991f3e71a309f31332d6335efc01f544105c4185a7c4ab12eb1e',
    )
  })

  test('puts SKILL.md first, and names the package on the origin with the digest of its bytes', () => {
    const skill = skillOf('a-skill', { 'A.md': 'a', 'SKILL.md': 's', 'b/c.txt': 'c' })
    const zip = new TextEncoder().encode('zip bytes')
    const [entry] = buildAgentSkillsIndex(
      modelWith(skill),
      origin,
      new Map([['a-skill', zip]]),
    ).skills
    expect(entry?.files.map((file) => file.path)).toEqual(['SKILL.md', 'A.md', 'b/c.txt'])
    expect(entry?.package).toEqual({
      url: 'https://notes.example.com/.well-known/agent-skills/a-skill.zip',
      // sha256("zip bytes")
      digest: 'sha256:5b7a2754b389130e138d57ba83f1eae7f05a41c66becacfa2dd2060143ae66db',
    })
  })

  test('lists no skills for a plugin without any', () => {
    expect(buildAgentSkillsIndex(createBareModel(), origin, new Map())).toEqual({
      version: '0.2.0',
      skills: [],
    })
  })
})
