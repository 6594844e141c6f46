import type { MessageBundle } from '../i18n/index.js';
import { authMessages } from './auth.js';
import { newsMessages } from './news.js';

export * from './auth.js';
export * from './news.js';

/** The messages of every resource, registered by the package index. Add one entry per resource file. */
export const resourceMessages: MessageBundle<string>[] = [authMessages, newsMessages];
