import { useCallback } from 'preact/hooks'
import { FrontmatterView, MarkdownView, useFile } from '../components/markdown-view.js'
import type { PluginOverview } from '../lib/documents.js'
import { splitFrontmatter } from '../lib/markdown.js'
import { href } from '../lib/router.js'

type OverviewSkill = PluginOverview['skills'][number]

/** How a file of a skill is shown: rendered, as text, as an image, or only as a download. */
type FileKind = 'markdown' | 'text' | 'image' | 'binary'

const MARKDOWN = /\.(md|markdown)$/i
const IMAGE = /\.(png|jpe?g|gif|webp|avif|svg|ico)$/i
/** Extensions never worth fetching to show: they are downloaded. */
const BINARY = /\.(zip|gz|tgz|tar|pdf|woff2?|ttf|otf|wasm|mp3|mp4|wav|webm|exe|bin|so|dylib)$/i

/** A skill: its downloads, its SKILL.md rendered and its files; or one of those files. */
export function SkillPage({
  overview,
  name,
  file,
}: {
  overview: PluginOverview
  name: string
  file?: string | undefined
}) {
  const skill = overview.skills.find((candidate) => candidate.name === name)
  if (!skill) {
    return (
      <section>
        <h1>Skill not found</h1>
        <p>
          This plugin has no skill named <code>{name}</code>. Go back to the{' '}
          <a href={href()}>overview</a>.
        </p>
      </section>
    )
  }
  if (file !== undefined && file !== 'SKILL.md') {
    return skill.files.includes(file) ? (
      <SkillFile skill={skill} path={file} />
    ) : (
      <section>
        <Breadcrumbs skill={skill} path={file} />
        <h1>File not found</h1>
        <p>
          The skill <code>{skill.name}</code> has no file <code>{file}</code>. Go back to{' '}
          <a href={href('skills', skill.name)}>{skill.name}</a>.
        </p>
      </section>
    )
  }
  return <SkillOverview skill={skill} />
}

function SkillOverview({ skill }: { skill: OverviewSkill }) {
  const state = useFile(skill.browse)
  const resolve = useRelativeResolver(skill, 'SKILL.md')
  return (
    <article class="doc-page">
      <Breadcrumbs skill={skill} />
      <h1>{skill.name}</h1>
      <p>{skill.description}</p>
      <div class="row">
        <a class="button" href={skill.zip} download>
          Download .zip
        </a>
        <a class="button ghost" href={skill.skill} download>
          Download .skill
        </a>
        <a class="button ghost" href={skill.browse}>
          SKILL.md
        </a>
      </div>

      <FileList skill={skill} />

      <h2>SKILL.md</h2>
      {state?.status === 'failed' ? (
        <p role="alert" class="error">
          SKILL.md could not be read: {state.message}
        </p>
      ) : state?.status === 'ready' ? (
        <MarkdownFile text={state.value.text ?? ''} resolve={resolve} headingOffset={2} />
      ) : (
        <p aria-busy="true">Loading…</p>
      )}
    </article>
  )
}

function SkillFile({ skill, path }: { skill: OverviewSkill; path: string }) {
  const url = fileUrl(skill, path)
  const kind = fileKind(path)
  const state = useFile(kind === 'markdown' || kind === 'text' ? url : undefined)
  const resolve = useRelativeResolver(skill, path)
  const fileName = path.slice(path.lastIndexOf('/') + 1)
  let body = null
  if (kind === 'image') body = <img class="skill-image" src={url} alt={path} />
  else if (kind === 'binary') body = <p>This file is not text: download it to open it.</p>
  else if (state?.status === 'failed')
    body = (
      <p role="alert" class="error">
        The file could not be read: {state.message}
      </p>
    )
  else if (state?.status !== 'ready') body = <p aria-busy="true">Loading…</p>
  else if (state.value.text === undefined)
    body = <p>This file is not text: download it to open it.</p>
  else if (kind === 'markdown')
    body = <MarkdownFile text={state.value.text} resolve={resolve} headingOffset={1} />
  else body = <pre class="file-text">{state.value.text}</pre>

  return (
    <article class="doc-page">
      <Breadcrumbs skill={skill} path={path} />
      <h1 class="file-title">{path}</h1>
      <p class="muted">
        A file of the skill <a href={href('skills', skill.name)}>{skill.name}</a>
      </p>
      <div class="row">
        <a class="button ghost" href={url} download={fileName}>
          Download {fileName}
        </a>
      </div>
      <div class="file-body">{body}</div>
      <FileList skill={skill} current={path} />
    </article>
  )
}

/** Markdown with its frontmatter shown apart, above the body. */
function MarkdownFile({
  text,
  resolve,
  headingOffset,
}: {
  text: string
  resolve: (url: string, kind: 'link' | 'image') => string
  headingOffset: number
}) {
  const { frontmatter, body } = splitFrontmatter(text)
  return (
    <>
      {frontmatter !== undefined && <FrontmatterView text={frontmatter} />}
      <MarkdownView source={body} options={{ headingOffset, resolveRelative: resolve }} />
    </>
  )
}

function FileList({ skill, current }: { skill: OverviewSkill; current?: string }) {
  return (
    <section aria-labelledby="skill-files">
      <h2 id="skill-files">Files</h2>
      <ul class="file-list">
        {skill.files.map((path) => {
          const isCurrent = path === (current ?? 'SKILL.md')
          return (
            <li key={path}>
              <a href={fileRoute(skill, path)} aria-current={isCurrent ? 'page' : undefined}>
                {path}
              </a>
            </li>
          )
        })}
      </ul>
    </section>
  )
}

function Breadcrumbs({ skill, path }: { skill: OverviewSkill; path?: string }) {
  return (
    <nav aria-label="Breadcrumb" class="breadcrumbs">
      <ol>
        <li>
          <a href={href()}>Overview</a>
        </li>
        <li>
          {path === undefined ? (
            <span aria-current="page">{skill.name}</span>
          ) : (
            <a href={href('skills', skill.name)}>{skill.name}</a>
          )}
        </li>
        {path !== undefined && (
          <li>
            <span aria-current="page">{path}</span>
          </li>
        )}
      </ol>
    </nav>
  )
}

/**
 * Resolves a relative link of a skill's markdown against the file's folder: to that file's
 * page when the skill holds it, to the served file otherwise (images always load from there).
 */
function useRelativeResolver(skill: OverviewSkill, from: string) {
  return useCallback(
    (url: string, kind: 'link' | 'image'): string => {
      const base = new URL(`${location.origin}/${from}`)
      const target = new URL(url, base)
      const path = decodeURIComponent(target.pathname.slice(1))
      if (kind === 'link' && skill.files.includes(path)) return fileRoute(skill, path)
      return `${fileUrl(skill, path)}${target.search}${target.hash}`
    },
    [skill, from],
  )
}

/** The route of a file's page; SKILL.md's page is the skill's. */
function fileRoute(skill: OverviewSkill, path: string): string {
  return path === 'SKILL.md'
    ? href('skills', skill.name)
    : href('skills', skill.name, ...path.split('/'))
}

/** Where the server serves a file of the skill: next to SKILL.md. */
function fileUrl(skill: OverviewSkill, path: string): string {
  const folder = skill.browse.slice(0, skill.browse.lastIndexOf('/'))
  return `${folder}/${path.split('/').map(encodeURIComponent).join('/')}`
}

function fileKind(path: string): FileKind {
  if (MARKDOWN.test(path)) return 'markdown'
  if (IMAGE.test(path)) return 'image'
  if (BINARY.test(path)) return 'binary'
  return 'text'
}
