import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../context.js';
import * as apiDocs from './apiDocs/index.js';
import * as application from './application/index.js';
import * as autoComplete from './autoComplete/index.js';
import * as banner from './banner/index.js';
import * as business from './business/index.js';
import * as company from './company/index.js';
import * as dashboard from './dashboard/index.js';
import * as fieldConfig from './fieldConfig/index.js';
import * as header from './header/index.js';
import * as log from './log/index.js';
import * as monitor from './monitor/index.js';
import * as news from './news/index.js';
import * as page from './page/index.js';
import * as policy from './policy/index.js';
import * as preview from './preview/index.js';
import * as product from './product/index.js';
import * as profile from './profile/index.js';
import * as publish from './publish/index.js';
import * as recycle from './recycle/index.js';
import * as revision from './revision/index.js';
import * as role from './role/index.js';
import * as supplier from './supplier/index.js';
import * as upload from './upload/index.js';
import * as userInfo from './userInfo/index.js';
import * as waybill from './waybill/index.js';
import * as webhook from './webhook/index.js';

/**
 * Content modules: each exports `register(api, ctx)` (its routes under the API prefix) and may export
 * `seed(ctx)` (idempotent). Add one line per module to each list.
 */
const modules: { register: (api: FastifyInstance, ctx: Ctx) => void | Promise<void>; seed?: (ctx: Ctx) => Promise<void> }[] = [
  news,
  policy,
  page,
  business,
  application,
  supplier,
  product,
  banner,
  header,
  waybill,
  company,
  upload,
  userInfo,
  fieldConfig,
  autoComplete,
  recycle,
  log,
  revision,
  dashboard,
  role,
  profile,
  publish,
  preview,
  webhook,
  monitor,
  apiDocs,
];

export async function registerModules(api: FastifyInstance, ctx: Ctx): Promise<void> {
  for (const m of modules) await m.register(api, ctx);
}

export async function seedModules(ctx: Ctx): Promise<void> {
  for (const m of modules) if (m.seed) await m.seed(ctx);
}
