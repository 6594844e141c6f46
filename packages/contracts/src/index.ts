import { coreMessages } from './i18n/core.js';
import { registerMessages } from './i18n/index.js';
import { shellMessages } from './i18n/shell.js';
import { uiMessages } from './i18n/ui.js';
import { resourceMessages } from './resources/index.js';

export * from './endpoints.js';
export * from './enums.js';
export * from './envelope.js';
export * from './i18n/index.js';
export * from './menu.js';
export * from './resource.js';
export * from './resources/index.js';
export * from './validators.js';

registerMessages(coreMessages, ...resourceMessages, shellMessages, uiMessages);
