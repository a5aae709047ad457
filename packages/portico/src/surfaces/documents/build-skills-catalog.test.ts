import { describe, expect, test } from 'vitest'
import { createBareModel, createExampleModel } from '../../../test/support/example-model-fixture.js'
import { buildPluginOverview } from './build-plugin-overview.js'
import { buildSkillsCatalog } from './build-skills-catalog.js'

const origin = 'https://notes.example.com'

describe('buildSkillsCatalog', () => {
  test('lists each skill with its download, .skill and browse URLs and its files', () => {
    expect(buildSkillsCatalog(createExampleModel(), origin)).toEqual({
      skills: [
        {
          name: 'note-taking',
          description: 'Takes tidy notes.',
          download: 'https://notes.example.com/skills/note-taking.zip',
          skill: 'https://notes.example.com/skills/note-taking.skill',
          browse: 'https://notes.example.com/skills/note-taking/SKILL.md',
          files: ['SKILL.md', 'reference/style.md'],
        },
      ],
    })
  })

  test('lists no skills for a plugin without any', () => {
    expect(buildSkillsCatalog(createBareModel(), origin)).toEqual({ skills: [] })
  })

  test('gives the same URLs as the overview', () => {
    const model = createExampleModel()
    const [entry] = buildSkillsCatalog(model, origin).skills
    const [overviewSkill] = buildPluginOverview(model, origin).skills
    expect([entry?.download, entry?.skill, entry?.browse]).toEqual([
      overviewSkill?.zip,
      overviewSkill?.skill,
      overviewSkill?.browse,
    ])
  })
})
