import { ADMIN_ONLY_MODULES } from './endpoints.js';
import { defineMessages } from './i18n/index.js';
import { allResources, type ResourceDef } from './resource.js';

/**
 * 数据权限 (data scope, issue 25): a role limits which records of a `scoped` resource its holders list, open, edit,
 * publish, delete and restore — 全部 (`all`), 本部门 (`dept`), 本部门及以下 (`deptAndBelow`), 仅本人 (`self`) or
 * 自定义 (`custom`, chosen departments). A record belongs to the department and account that created it (the
 * server's `record_owner`); a record from before has no owner and belongs to the head office. Several roles give the
 * union of their scopes. The delivery API is unaffected.
 */
export const DATA_SCOPE_KINDS = ['all', 'dept', 'deptAndBelow', 'self', 'custom'] as const;
export type DataScopeKind = (typeof DATA_SCOPE_KINDS)[number];

/**
 * Whether a role's data scope limits this resource: its description's `scoped`, by default every resource with a
 * list outside the admin-only modules and the recycle bin, except the lists other records pick from (a resource whose
 * table another resource's `refs` names: news types, page definitions, suppliers — every editor's picker needs all of
 * them). docs/decisions.md "Data scope".
 */
export function isScoped(def: Pick<ResourceDef, 'module' | 'endpoints' | 'scoped' | 'table'>): boolean {
  if (def.scoped !== undefined) return def.scoped;
  if (!def.endpoints.list || def.module === 'recycle' || ADMIN_ONLY_MODULES.includes(def.module)) return false;
  return !allResources().some((r) => r.refs?.some((ref) => ref.table === def.table));
}

export const scopeMessages = defineMessages({
  zh: {
    'scope.denied': '数据权限不足：该记录不在您的数据范围内',
  },
  en: {
    'scope.denied': 'Data permission denied: this record is outside your data scope',
  },
  es: {
    'scope.denied': 'Permiso de datos denegado: este registro está fuera de su ámbito de datos',
  },
});
