/**
 * The types of the little of Swagger UI the Swagger view uses: `swagger-ui-dist` ships none.
 * Its "ES bundle" is a CommonJS module whose export is the `SwaggerUI` function.
 */
declare module 'swagger-ui-dist/swagger-ui-es-bundle.js' {
  /** A request Swagger UI is about to send (the document's or a try-it-out call). */
  interface SwaggerRequest {
    url: string
    method: string
    headers: Record<string, string>
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
  }

  function SwaggerUI(options: SwaggerUiOptions): unknown
  export = SwaggerUI
}
