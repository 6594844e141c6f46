import type { MessageBundle } from '../i18n/index.js';
import { apiDocsMessages } from './apiDocs.js';
import { applicationMessages } from './application.js';
import { authMessages } from './auth.js';
import { bannerMessages } from './banner.js';
import { businessMessages } from './business.js';
import { companyMessages } from './company.js';
import { dashboardMessages } from './dashboard.js';
import { deliveryMessages } from './delivery.js';
import { fieldConfigMessages } from './fieldConfig.js';
import { headerMessages } from './header.js';
import { logMessages } from './log.js';
import { monitorMessages } from './monitor.js';
import { newsMessages } from './news.js';
import { pageMessages } from './page.js';
import { policyMessages } from './policy.js';
import { productMessages } from './product.js';
import { publishMessages } from './publish.js';
import { recycleMessages } from './recycle.js';
import { revisionMessages } from './revision.js';
import { roleMessages } from './role.js';
import { supplierMessages } from './supplier.js';
import { uploadMessages } from './upload.js';
import { userInfoMessages } from './userInfo.js';
import { waybillMessages } from './waybill.js';
import { webhookMessages } from './webhook.js';

export * from './apiDocs.js';
export * from './application.js';
export * from './auth.js';
export * from './autoComplete.js';
export * from './banner.js';
export * from './business.js';
export * from './company.js';
export * from './dashboard.js';
export * from './delivery.js';
export * from './fieldConfig.js';
export * from './header.js';
export * from './log.js';
export * from './monitor.js';
export * from './news.js';
export * from './page.js';
export * from './policy.js';
export * from './product.js';
export * from './publish.js';
export * from './recycle.js';
export * from './revision.js';
export * from './role.js';
export * from './supplier.js';
export * from './upload.js';
export * from './userInfo.js';
export * from './waybill.js';
export * from './webhook.js';

/** The messages of every resource, registered by the package index. Add one entry per resource file. */
export const resourceMessages: MessageBundle<string>[] = [
  authMessages,
  publishMessages,
  deliveryMessages,
  webhookMessages,
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
  recycleMessages,
  logMessages,
  revisionMessages,
  dashboardMessages,
  roleMessages,
  monitorMessages,
  apiDocsMessages,
];
