import type { Generated } from 'kysely';
import type { ContentTables } from './tables.js';

/** Tables of the core (auth, menus, permissions, settings). Content modules add their own interfaces. */
export interface SysUser {
  id: Generated<number>;
  user_name: string;
  password_hash: string;
  enable_flag: number;
  name: string;
  avatar: string;
  introduction: string;
  tel: string;
  create_time: string;
  /** migration 017: an administrator reset the password; the holder must change it */
  must_change_password: Generated<number>;
  /** migration 044: the account's department (sys_dept) */
  dept_id: number | null;
  email: Generated<string>;
}
export interface SysRole {
  id: Generated<number>;
  code: string;
  name: string;
  /** migration 017 */
  sort_no: Generated<number>;
  enable_flag: Generated<number>;
  remark: Generated<string>;
  create_time: Generated<string>;
  /** 1 once an administrator saved the role: the seed no longer touches its grants */
  customized: Generated<number>;
  /** migration 044: all | dept | deptAndBelow | self | custom */
  data_scope: Generated<string>;
}
export interface SysUserRole {
  user_id: number;
  role_id: number;
}
export interface SysMenu {
  id: Generated<number>;
  parent_id: number | null;
  url: string;
  route_name: string;
  title: string;
  icon: string;
  is_hidden: number;
  sort_no: number;
  module: string;
  /** an administrator's overrides (migration 017); null = the contracts' value */
  custom_title: string | null;
  custom_icon: string | null;
  custom_sort_no: number | null;
  custom_hidden: number | null;
}
export interface SysPermission {
  key: string;
  name: string;
  module: string;
  kind: string;
}
export interface SysRolePermission {
  role_id: number;
  permission_key: string;
}
export interface SysRoleMenu {
  role_id: number;
  menu_id: number;
}
export interface SysSession {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  last_seen: number;
  ip: string;
  user_agent: string;
  /** why an ended session ended (`forced` 强退, `password` changed elsewhere); null: live, or replaced by a newer login (migration 046) */
  end_reason: string | null;
}
export interface SysLoginFailure {
  id: Generated<number>;
  user_name: string;
  ip: string;
  at: number;
}
/** migration 044: the organisation tree; `ancestors` = the ids above, root first, comma-separated */
export interface SysDept {
  id: Generated<number>;
  parent_id: number | null;
  ancestors: Generated<string>;
  name: string;
  sort_no: Generated<number>;
  enable_flag: Generated<number>;
  create_time: string;
}
/** migration 044: the departments of a role's `custom` data scope */
export interface SysRoleDept {
  role_id: number;
  dept_id: number;
}
/** migration 044: who created a content record (no row: the head office, no account) */
export interface RecordOwner {
  resource: string;
  record_id: number;
  dept_id: number | null;
  user_id: number | null;
}
export interface SysSetting {
  key: string;
  value: string;
}

export interface CoreTables {
  sys_user: SysUser;
  sys_role: SysRole;
  sys_user_role: SysUserRole;
  sys_menu: SysMenu;
  sys_permission: SysPermission;
  sys_role_permission: SysRolePermission;
  sys_role_menu: SysRoleMenu;
  sys_session: SysSession;
  sys_login_failure: SysLoginFailure;
  sys_setting: SysSetting;
  sys_dept: SysDept;
  sys_role_dept: SysRoleDept;
  record_owner: RecordOwner;
}

/** The whole database: the core tables here, the content tables in db/tables.ts. */
export interface Database extends CoreTables, ContentTables {}
