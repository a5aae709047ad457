import { connectWidget } from './_portico/widget.js'
import { renderNote } from './note-view.js'

const widget = await connectWidget()
const status = document.getElementById('status')
const list = document.getElementById('notes')
const detail = document.getElementById('detail')

/** Asks Notes_get for one note, through the host, and shows it under the list. */
async function showDetails(id, button) {
  button.disabled = true
  try {
    const result = await widget.callTool('Notes_get', { id })
    if (result.isError || !result.structuredContent) throw new Error(result.content[0]?.text)
    renderNote(detail, result.structuredContent)
  } catch (error) {
    status.textContent = `Could not load ${id}: ${error.message ?? error}`
  } finally {
    button.disabled = false
  }
}

widget.onToolResult((page) => {
  const items = page?.items ?? []
  status.textContent = `${items.length} of ${page?.total ?? 0} notes`
  list.replaceChildren(
    ...items.map((note) => {
      const item = document.createElement('li')
      const title = document.createElement('span')
      title.textContent = note.title
      const button = document.createElement('button')
      button.type = 'button'
      button.textContent = 'Details'
      button.setAttribute('aria-label', `Details of ${note.title}`)
      button.addEventListener('click', () => showDetails(note.id, button))
      item.append(title, button)
      return item
    }),
  )
})
