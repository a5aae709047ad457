/** Renders a note (as the tools answer it) into `card`: title, status, tags and text. */
export function renderNote(card, note) {
  const title = document.createElement('h2')
  title.textContent = note.title
  const meta = document.createElement('p')
  meta.className = 'meta'
  meta.textContent = `${note.status} · ${note.priority} priority · updated ${new Date(note.updatedAt).toLocaleString()}`
  const tags = document.createElement('p')
  for (const tag of note.tags) {
    const item = document.createElement('span')
    item.className = 'tag'
    item.textContent = `#${tag}`
    tags.append(item)
  }
  const body = document.createElement('p')
  body.textContent = note.body || '(no text)'
  card.replaceChildren(title, meta, tags, body)
  card.hidden = false
}
