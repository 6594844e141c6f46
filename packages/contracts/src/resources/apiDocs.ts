import { defineEndpoints } from '../endpoints.js';
import { defineMessages } from '../i18n/index.js';

/**
 * The staff API's reference (issue 22): `GET /openapi.json`, the OpenAPI 3.1 document generated from the
 * endpoint tables and resource descriptions (`staffOpenApi`, contracts/src/openapi.ts), shown at
 * 系统管理 › 接口文档. Any signed-in account may read it (docs/decisions.md): it describes only paths and shapes.
 */
export const apiDocsEndpoints = defineEndpoints('apiDocs', {
  openapi: { path: '/openapi.json', method: 'GET', kind: 'session', name: '接口文档' },
});

export const apiDocsMessages = defineMessages({
  zh: {
    'route.ApiDocs': '接口文档',
    'apiDocs.loading': '正在加载接口文档…',
    'apiDocs.hint': '以下为后台接口的 OpenAPI 3.1 文档，原文：',
  },
  en: {
    'route.ApiDocs': 'API reference',
    'apiDocs.loading': 'Loading the API reference…',
    'apiDocs.hint': 'The staff API as an OpenAPI 3.1 document, source:',
  },
  es: {
    'route.ApiDocs': 'Referencia de la API',
    'apiDocs.loading': 'Cargando la referencia de la API…',
    'apiDocs.hint': 'La API de gestión como documento OpenAPI 3.1, original:',
  },
});
