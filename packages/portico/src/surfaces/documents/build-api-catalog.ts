import { buildDocumentUrl } from './document-urls.js'

/** One link target of a linkset (RFC 9264 § 4.2.2). */
export interface LinkTarget {
  href: string
  type?: string
}

/** `/.well-known/api-catalog`: an RFC 9727 API catalog in the linkset format (RFC 9264). */
export interface ApiCatalog {
  linkset: {
    anchor: string
    'service-desc': LinkTarget[]
    'service-doc': LinkTarget[]
  }[]
}

/** The media type of the catalog: a JSON linkset with the profile parameter RFC 9727 defines. */
export const API_CATALOG_TYPE =
  'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"'

/**
 * Builds `/.well-known/api-catalog`: one API, the REST surface at `<origin>/api`, described by
 * `/open-api.json` (`service-desc`) and documented by the docs site (`service-doc`).
 *
 * @example
 * import { buildApiCatalog } from './build-api-catalog.js'
 * buildApiCatalog('https://notes.example.com').linkset[0]?.['service-desc'][0]?.href
 * // 'https://notes.example.com/open-api.json'
 */
export function buildApiCatalog(origin: string): ApiCatalog {
  return {
    linkset: [
      {
        anchor: buildDocumentUrl(origin, '/api'),
        'service-desc': [
          { href: buildDocumentUrl(origin, '/open-api.json'), type: 'application/json' },
        ],
        'service-doc': [{ href: buildDocumentUrl(origin, '/'), type: 'text/html' }],
      },
    ],
  }
}
