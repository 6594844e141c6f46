/**
 * The endpoint table: every API path the product answers, with the permission it needs.
 * A button permission's key is the API path it calls (DESIGN "Auth and permissions"), so this one table
 * drives what the server allows, what the seed grants each role and which top buttons the UI shows.
 */
export type EndpointKind =
  /** no login needed */
  | 'public'
  /** any logged-in user */
  | 'session'
  /** reading data: granted with the screens that need it (`screen`, derived), else with any screen of its module */
  | 'read'
  /** changing a module's data: a button permission */
  | 'write';

export interface Endpoint {
  path: string;
  method: 'GET' | 'POST';
  module: string;
  kind: EndpointKind;
  /** short Chinese name shown in the permission list */
  name: string;
  /**
   * A button's screen: the route name of the menu entry it sits under in the role editor (and which holding it
   * grants); default: its resource's list screen, else the module's first screen (issue 25). One name for a button.
   *
   * A read's screens: the screens that call it, any of which grants it (a list of them when several do: a picker);
   * default: derived from the contracts (`permissionIndex().readScreens`), else every screen of its module.
   */
  screen?: string | readonly string[];
}

const table = new Map<string, Endpoint>();

/** Declares endpoints of one module; paths are the legacy ones of SPEC point 7, exactly. */
export function defineEndpoints<const T extends Record<string, Omit<Endpoint, 'module' | 'method'> & { method?: 'GET' | 'POST' }>>(
  module: string,
  defs: T,
): { [K in keyof T]: Endpoint } {
  const out = {} as { [K in keyof T]: Endpoint };
  for (const key of Object.keys(defs) as (keyof T)[]) {
    const d = defs[key];
    const ep: Endpoint = { method: 'POST', ...d, module };
    table.set(`${ep.method} ${ep.path}`, ep);
    out[key] = ep;
  }
  return out;
}

export function allEndpoints(): Endpoint[] {
  return [...table.values()];
}

/**
 * The modules only `admin` holds unless an administrator grants them to a role (user accounts, roles, logs,
 * monitoring, webhooks: a webhook sends to any address it names and holds a signing secret; site keys: a key
 * lifts the delivery API's rate limit and a preview key reads drafts).
 */
export const ADMIN_ONLY_MODULES: readonly string[] = [
  'userInfo',
  'role',
  'log',
  'monitor',
  'webhook',
  'siteKey',
  'dept',
  'reviewSettings',
  'sensitiveWord',
];
