import { render } from 'preact'
import { App } from './app.js'
// In this order: later sheets refine the shared look of base.css.
import './styles/base.css'
import './styles/doc-pages.css'
import './styles/catalog.css'
import './styles/mcp-api.css'
import './styles/tools.css'

const root = document.getElementById('app')
if (root) render(<App />, root)
