import { useEffect, useRef } from 'preact/hooks'
import SwaggerUI from 'swagger-ui-dist/swagger-ui-es-bundle.js'
import 'swagger-ui-dist/swagger-ui.css'
import '../styles/swagger-contrast.css'
import { authorizationHeaders } from '../lib/access-token.js'
import { swaggerHistory } from './swagger-history.js'

/**
 * Swagger UI on `/open-api.json`. This module is loaded only when the Swagger view opens: Swagger
 * UI is about 450 kB gzipped, more than the rest of the site together.
 */
export function SwaggerView() {
  const container = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const domNode = container.current
    if (!domNode) return
    const history = swaggerHistory()
    SwaggerUI({
      domNode,
      url: '/open-api.json',
      // No validity badge: it would send the document to validator.swagger.io.
      validatorUrl: null,
      // Deep links write the open operation into location.hash, where this site routes.
      deepLinking: false,
      // The view is here to try calls; each still waits for its Execute button.
      tryItOutEnabled: true,
      displayRequestDuration: true,
      requestInterceptor: (request) => {
        // Before the token is added: the history keeps the body, never a header.
        history.request(request)
        Object.assign(request.headers, authorizationHeaders())
        return request
      },
      // Each try-it-out call goes into the tab's history, as the try-it form's do.
      responseInterceptor: (response) => {
        history.response(response)
        return response
      },
    })
    // Swagger UI's server picker and a try's body are controls without a name (axe select-name,
    // label): named as they appear.
    const naming = new MutationObserver(() => {
      const servers = domNode.querySelector('select#servers:not([aria-label])')
      servers?.setAttribute('aria-label', 'Server')
      for (const body of domNode.querySelectorAll('textarea.body-param__text:not([aria-label])')) {
        body.setAttribute('aria-label', 'Request body')
      }
    })
    naming.observe(domNode, { childList: true, subtree: true })
    // Swagger UI has no teardown: emptying its node lets the next mount start clean.
    return () => {
      naming.disconnect()
      domNode.replaceChildren()
    }
  }, [])
  useSwaggerDarkMode()
  return <div ref={container} class="api-swagger" />
}

/**
 * Swagger UI styles its dark mode under `html.dark-mode`: the class is kept in step with the
 * site's theme (the switch's `data-theme`, else the system's) while the view is open.
 */
function useSwaggerDarkMode() {
  useEffect(() => {
    const root = document.documentElement
    const system = matchMedia('(prefers-color-scheme: dark)')
    const update = () => {
      const theme = root.getAttribute('data-theme')
      root.classList.toggle('dark-mode', theme ? theme === 'dark' : system.matches)
    }
    update()
    const observer = new MutationObserver(update)
    observer.observe(root, { attributes: true, attributeFilter: ['data-theme'] })
    system.addEventListener('change', update)
    return () => {
      observer.disconnect()
      system.removeEventListener('change', update)
      root.classList.remove('dark-mode')
    }
  }, [])
}
