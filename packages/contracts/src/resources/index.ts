import type { MessageBundle } from '../i18n/index.js';
import { applicationMessages } from './application.js';
import { authMessages } from './auth.js';
import { businessMessages } from './business.js';
import { newsMessages } from './news.js';
import { pageMessages } from './page.js';
import { policyMessages } from './policy.js';

export * from './application.js';
export * from './auth.js';
export * from './business.js';
export * from './news.js';
export * from './page.js';
export * from './policy.js';

/** The messages of every resource, registered by the package index. Add one entry per resource file. */
export const resourceMessages: MessageBundle<string>[] = [
  authMessages,
  newsMessages,
  policyMessages,
  pageMessages,
  businessMessages,
  applicationMessages,
];
