import { allResources, type Endpoint, type ResourceDef } from '@gk/contracts';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../context.js';
import { registerResource } from '../crud/routes.js';
import * as apiDocs from './apiDocs/index.js';
import * as autoComplete from './autoComplete/index.js';
import * as batch from './batch/index.js';
import * as company from './company/index.js';
import * as contentCheck from './contentCheck/index.js';
import * as dashboard from './dashboard/index.js';
import * as dept from './dept/index.js';
import * as fieldConfig from './fieldConfig/index.js';
import * as header from './header/index.js';
import * as importer from './import/index.js';
import * as log from './log/index.js';
import * as media from './media/index.js';
import * as monitor from './monitor/index.js';
import * as notice from './notice/index.js';
import * as page from './page/index.js';
import * as preview from './preview/index.js';
import * as profile from './profile/index.js';
import * as publish from './publish/index.js';
import * as recycle from './recycle/index.js';
import { registerCalendar } from './release/calendar.js';
import * as release from './release/index.js';
import * as review from './review/index.js';
import * as revision from './revision/index.js';
import * as role from './role/index.js';
import * as siteKey from './siteKey/index.js';
import * as upload from './upload/index.js';
import * as userInfo from './userInfo/index.js';
import * as webhook from './webhook/index.js';

/**
 * Modules: each exports `register(api, ctx)` (its routes under the API prefix) and may export `seed(ctx)`
 * (idempotent). A resource needs a module only for what its description cannot say (hooks, custom routes):
 * every described resource whose endpoints no module registered gets its routes from its description
 * (`registerModules`), and the capability modules (publish, preview, revision, recycle, webhook, delivery,
 * dashboard, operation log) loop over the descriptions.
 */
const modules: { register: (api: FastifyInstance, ctx: Ctx) => void | Promise<void>; seed?: (ctx: Ctx) => Promise<void> }[] = [
  page,
  header,
  company,
  upload,
  importer,
  dept,
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
  batch,
  preview,
  webhook,
  siteKey,
  monitor,
  apiDocs,
  // after recycle: its write listener reads the recycle-bin entry the recycle listener wrote
  media,
  // 消息中心: the review workflow's notices and webhook events, the bell's stream
  notice,
  // 审核流程 (issue 27): its publish gate, write listener and review queries
  review,
  release,
  // 发布日历 (issue 27): its own entry beside the release module's
  { register: registerCalendar },
  contentCheck,
];

const endpointKey = (e: Endpoint) => `${e.method} ${e.path}`;

/** every endpoint a resource's description names for its own routes (list and aliases, get, save, delete, toggles) */
export const ownEndpointsOf = (def: ResourceDef): Endpoint[] => {
  const { list, get, save, del, aliases } = def.endpoints;
  return [list, get, save, del, ...(aliases ?? []), ...Object.values(def.toggles ?? {})].filter((e): e is Endpoint => !!e);
};

export async function registerModules(api: FastifyInstance, ctx: Ctx): Promise<void> {
  const routed = new Set<string>();
  api.addHook('onRoute', (route) => {
    const endpoint = (route.config as { endpoint?: Endpoint } | undefined)?.endpoint;
    if (endpoint) routed.add(endpointKey(endpoint));
  });
  for (const m of modules) await m.register(api, ctx);
  // a resource no module claimed (none of its endpoints routed): its list / get / save / delete / toggles
  // from the description alone, so a new content type needs no server module
  for (const def of allResources()) {
    const own = ownEndpointsOf(def);
    if (own.length && !own.some((e) => routed.has(endpointKey(e)))) registerResource(api, ctx, def);
  }
}

export async function seedModules(ctx: Ctx): Promise<void> {
  for (const m of modules) if (m.seed) await m.seed(ctx);
}
