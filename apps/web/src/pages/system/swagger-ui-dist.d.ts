/** swagger-ui-dist ships no types: the one call the API reference screen makes. */
declare module 'swagger-ui-dist/swagger-ui-es-bundle.js' {
  interface SwaggerRequest {
    headers: Record<string, string>;
    [key: string]: unknown;
  }
  interface SwaggerUIOptions {
    domNode: HTMLElement;
    spec: object;
    docExpansion?: 'list' | 'full' | 'none';
    filter?: boolean | string;
    defaultModelsExpandDepth?: number;
    requestInterceptor?: (req: SwaggerRequest) => SwaggerRequest;
  }
  export default function SwaggerUIBundle(options: SwaggerUIOptions): unknown;
}
