import type { MessageBundle } from '../i18n/index.js';
import { applicationMessages } from './application.js';
import { authMessages } from './auth.js';
import { bannerMessages } from './banner.js';
import { businessMessages } from './business.js';
import { companyMessages } from './company.js';
import { fieldConfigMessages } from './fieldConfig.js';
import { headerMessages } from './header.js';
import { newsMessages } from './news.js';
import { pageMessages } from './page.js';
import { policyMessages } from './policy.js';
import { productMessages } from './product.js';
import { supplierMessages } from './supplier.js';
import { uploadMessages } from './upload.js';
import { userInfoMessages } from './userInfo.js';
import { waybillMessages } from './waybill.js';

export * from './application.js';
export * from './auth.js';
export * from './autoComplete.js';
export * from './banner.js';
export * from './business.js';
export * from './company.js';
export * from './fieldConfig.js';
export * from './header.js';
export * from './news.js';
export * from './page.js';
export * from './policy.js';
export * from './product.js';
export * from './supplier.js';
export * from './upload.js';
export * from './userInfo.js';
export * from './waybill.js';

/** The messages of every resource, registered by the package index. Add one entry per resource file. */
export const resourceMessages: MessageBundle<string>[] = [
  authMessages,
  newsMessages,
  policyMessages,
  pageMessages,
  businessMessages,
  applicationMessages,
  supplierMessages,
  productMessages,
  bannerMessages,
  headerMessages,
  waybillMessages,
  companyMessages,
  uploadMessages,
  userInfoMessages,
  fieldConfigMessages,
];
