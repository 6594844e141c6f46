/**
 * Loads every area's messages (each `defineMessages` registers its bundle in the shared dictionary when its module
 * is evaluated: the core, shell, ui and ops areas here, every resource file through the resources index) and
 * hands out the result. The package index imports it; the web does not (it gets per-language dictionaries built
 * from this at build time, apps/web/vite-plugin-messages.ts).
 */
import './i18n/core.js';
import './i18n/ops.js';
import './i18n/shell.js';
import './i18n/ui.js';
import './resources/index.js';
import './translation.js';
import './scope.js';
import './i18n/translation-ui.js';
import './i18n/import-ui.js';
import './i18n/media-ui.js';
import './i18n/release-ui.js';
import './i18n/permissions.js';
import './i18n/calendar-ui.js';
import './i18n/review-ui.js';

export { allMessages, translate } from './i18n/index.js';
