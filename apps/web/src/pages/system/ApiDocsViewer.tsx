import SwaggerUI from 'swagger-ui-react';
import 'swagger-ui-react/swagger-ui.css';
import { currentLang } from '../../lib/i18n';
import { getToken } from '../../lib/token';

/** Swagger UI on the generated document (a box filters the operations by module, the tag); "Try it out" sends the signed-in user's token and language like the app does. */
export default function ApiDocsViewer({ spec }: { spec: object }) {
  return (
    <SwaggerUI
      spec={spec}
      docExpansion="list"
      filter
      defaultModelsExpandDepth={0}
      requestInterceptor={(req) => {
        const token = getToken();
        if (token) req.headers.token = token;
        req.headers.lang = currentLang();
        return req;
      }}
    />
  );
}
