/**
 * The package in the browser (the "browser" export condition): the index's exports without registering
 * the message dictionaries. The web translates with per-language dictionaries built from them at build
 * time (apps/web/vite-plugin-messages.ts), so the message bundles stay out of its chunks
 * (`defineMessages` is annotated pure).
 */
import './jitless.js';

export * from './endpoints.js';
export * from './enums.js';
export * from './envelope.js';
export * from './i18n/index.js';
export * from './menu.js';
export * from './permission-index.js';
export * from './resource.js';
export * from './resources/index.js';
export * from './translation.js';
export * from './validators.js';
