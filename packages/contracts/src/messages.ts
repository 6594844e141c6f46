/**
 * Registers every area's messages in the shared dictionary (a side effect) and hands out the result.
 * The package index imports it; the web does not (it gets per-language dictionaries built from this
 * at build time, apps/web/vite-plugin-messages.ts).
 */
import { coreMessages } from './i18n/core.js';
import { registerMessages } from './i18n/index.js';
import { opsMessages } from './i18n/ops.js';
import { shellMessages } from './i18n/shell.js';
import { uiMessages } from './i18n/ui.js';
import { resourceMessages } from './resources/index.js';

registerMessages(coreMessages, ...resourceMessages, shellMessages, uiMessages, opsMessages);

export { allMessages, translate } from './i18n/index.js';
