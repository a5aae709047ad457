/**
 * The types of the little of Swagger UI the Swagger view uses: `swagger-ui-dist` ships none.
 * Its "ES bundle" is a CommonJS module whose export is the `SwaggerUI` function.
 */
declare module 'swagger-ui-dist/swagger-ui-es-bundle.js' {
  /** A request Swagger UI is about to send (the document's or a try-it-out call). */
  export interface SwaggerRequest {
    url: string
    /** Absent on the document's own request. */
    method?: string
    headers: Record<string, string>
    /** The body as typed; absent on a request without one. */
    body?: unknown
  }

  /** An answer Swagger UI received, before it shows it. */
  export interface SwaggerResponse {
    url: string
    status: number
  }

  interface SwaggerUiOptions {
    domNode: HTMLElement
    url: string
    /** `null`: no badge fetched from validator.swagger.io. */
    validatorUrl: string | null
    /** `true` writes the expanded operation into `location.hash`. */
    deepLinking: boolean
    tryItOutEnabled: boolean
    displayRequestDuration?: boolean
    requestInterceptor?: (request: SwaggerRequest) => SwaggerRequest
    responseInterceptor?: (response: SwaggerResponse) => SwaggerResponse
  }

  function SwaggerUI(options: SwaggerUiOptions): unknown
  export = SwaggerUI
}
