import { connectWidget } from './_portico/widget.js'
import { renderNote } from './note-view.js'

const widget = await connectWidget()
const status = document.getElementById('status')
const card = document.getElementById('card')

widget.onToolResult((note) => {
  if (!note) {
    status.textContent = 'No note.'
    return
  }
  status.hidden = true
  renderNote(card, note)
})
