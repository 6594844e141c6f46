import type { MessageBundle } from '../i18n/index.js';
import { applicationMessages } from './application.js';
import { authMessages } from './auth.js';
import { businessMessages } from './business.js';
import { fieldConfigMessages } from './fieldConfig.js';
import { newsMessages } from './news.js';
import { pageMessages } from './page.js';
import { policyMessages } from './policy.js';
import { uploadMessages } from './upload.js';
import { userInfoMessages } from './userInfo.js';

export * from './application.js';
export * from './auth.js';
export * from './autoComplete.js';
export * from './business.js';
export * from './fieldConfig.js';
export * from './news.js';
export * from './page.js';
export * from './policy.js';
export * from './upload.js';
export * from './userInfo.js';

/** The messages of every resource, registered by the package index. Add one entry per resource file. */
export const resourceMessages: MessageBundle<string>[] = [
  authMessages,
  newsMessages,
  policyMessages,
  pageMessages,
  businessMessages,
  applicationMessages,
  uploadMessages,
  userInfoMessages,
  fieldConfigMessages,
];
