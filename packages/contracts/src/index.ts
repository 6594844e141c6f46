import { coreMessages } from './i18n/core.js';
import { registerMessages } from './i18n/index.js';
import { authMessages } from './resources/auth.js';

export * from './endpoints.js';
export * from './enums.js';
export * from './envelope.js';
export * from './i18n/index.js';
export * from './menu.js';
export * from './resources/auth.js';
export * from './validators.js';

registerMessages(coreMessages, authMessages);
