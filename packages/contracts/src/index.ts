import './messages.js';

export * from './endpoints.js';
export * from './enums.js';
export * from './envelope.js';
export * from './i18n/index.js';
export * from './menu.js';
export * from './openapi.js';
export * from './permission-index.js';
export * from './resource.js';
export * from './resources/index.js';
export * from './scope.js';
export * from './translation.js';
export * from './validators.js';
