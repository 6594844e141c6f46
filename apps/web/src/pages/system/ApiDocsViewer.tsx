import SwaggerUIBundle from 'swagger-ui-dist/swagger-ui-es-bundle.js';
import 'swagger-ui-dist/swagger-ui.css';
import { useEffect, useRef } from 'react';
import { currentLang } from '../../lib/i18n';
import { getToken } from '../../lib/token';

/**
 * Swagger UI on the generated document: swagger-ui-dist's self-contained bundle (its own React and libraries), so
 * the chunk shares no module with the app's and the other screens' chunks stay as they were. A box filters the
 * operations by module (the tag); "Try it out" sends the signed-in user's token and language like the app does.
 */
export default function ApiDocsViewer({ spec }: { spec: object }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!host.current) return;
    SwaggerUIBundle({
      domNode: host.current,
      spec,
      docExpansion: 'list',
      filter: true,
      defaultModelsExpandDepth: 0,
      requestInterceptor: (req) => {
        const token = getToken();
        if (token) req.headers.token = token;
        req.headers.lang = currentLang();
        return req;
      },
    });
  }, [spec]);
  return <div ref={host} />;
}
