import type { ColumnType, Generated } from 'kysely';

/**
 * The content tables (migrations 002–020), as Kysely sees them. `db/schema.ts` has the core tables; the two
 * together are `Database`. Text columns created `not null default ''` are optional on insert; sort numbers
 * are nullable decimals (read as numbers on both dialects).
 */

/** `varchar … not null default ''`: optional on insert */
type Text = ColumnType<string, string | undefined, string>;
/** `integer not null default D` */
type Int = ColumnType<number, number | undefined, number>;
/** rich text (`text`, nullable) */
type Html = string | null;
/** the decimal sort number (nullable) */
type Sort = number | null;

export interface NewsTypeTable {
  id: Generated<number>;
  code: string;
  name: Text;
  sort_no: Sort;
}
export interface NewsTable {
  id: Generated<number>;
  title: Text;
  type: string;
  summary: Text;
  summary_img: Text;
  count: Int;
  is_top: Int;
  is_hot: Int;
  content: Html;
  create_time: string;
  /** migration 015: publish state (`draft` | `published` | `offline`), scheduled times */
  status: ColumnType<string, string | undefined, string>;
  publish_time: string | null;
  offline_time: string | null;
}
export interface PolicyTable {
  id: Generated<number>;
  title: Text;
  summary: Text;
  summary_img: Text;
  author: Text;
  source: Text;
  count: Int;
  is_top: Int;
  is_hot: Int;
  content: Html;
  create_time: string;
  /** migration 015: publish state (`draft` | `published` | `offline`), scheduled times */
  status: ColumnType<string, string | undefined, string>;
  publish_time: string | null;
  offline_time: string | null;
}
export interface PageDefTable {
  id: Generated<number>;
  name: Text;
  show_type: string;
}
export interface PageItemTable {
  id: Generated<number>;
  title: Text;
  page_id: Int;
  tag: Text;
  summary: Text;
  summary_img: Text;
  content: Html;
  sort_no: Sort;
  create_time: string;
  is_hot: Int;
  is_top: Int;
  /** migration 015: publish state (`draft` | `published` | `offline`), scheduled times */
  status: ColumnType<string, string | undefined, string>;
  publish_time: string | null;
  offline_time: string | null;
}
export interface BusinessTypeTable {
  id: Generated<number>;
  name: Text;
  code: string;
  summary: Text;
  summary_img: Text;
  sort_no: Sort;
}
export interface BusinessTable {
  id: Generated<number>;
  type: string;
  name: Text;
  summary: Text;
  logo: Text;
  url: Text;
  sort_no: Sort;
}
export interface ApplicationTypeTable {
  id: Generated<number>;
  code: string;
  name: Text;
  sort_no: Sort;
}
export interface ApplicationTable {
  id: Generated<number>;
  type: string;
  name: Text;
  icon: Text;
  url: Text;
  sort_no: Sort;
}
export interface SupplierTable {
  id: Generated<number>;
  name: Text;
  summary: Text;
  logo: Text;
  sort_no: Sort;
}
export interface ProductTable {
  id: Generated<number>;
  supplier_id: Int;
  name: Text;
  summary: Text;
  img: Text;
  url: Text;
  sort_no: Sort;
  create_time: string;
}
export interface BannerTable {
  id: Generated<number>;
  title: Text;
  name: Text;
  banner_type: string;
  summary: Text;
  img_url: Text;
  url: Text;
  sort_no: Sort;
  enable_flag: Int;
  /** migration 015: the time window beside the enable flag */
  publish_time: string | null;
  offline_time: string | null;
}
export interface FriendLinkTable {
  id: Generated<number>;
  name: Text;
  url: Text;
  sort_no: Sort;
  enable_flag: Int;
}
export interface ContactHeadTable {
  id: Generated<number>;
  organizers: Text;
  address: Text;
  phone: Text;
  record_number: Text;
  enable_flag: Int;
  img: Text;
  png_logo: Text;
  jpg_logo: Text;
  icon_img: Text;
}
export interface WaybillTemplateTable {
  id: Generated<number>;
  code: string;
  name: Text;
  sketch_img: Text;
  content: Html;
  sort_no: Sort;
  enable_flag: Int;
  create_time: string;
}
export interface CompanyTable {
  id: Generated<number>;
  name: Text;
  short_name: Text;
  summary: Text;
  logo: Text;
  address: Text;
  phone: Text;
  email: Text;
  website: Text;
  record_number: Text;
  /** always 1 (a unique index keeps the profile one row) */
  singleton: Int;
}
/** the view of migration 011: an account's role names joined with 、 */
export interface SysUserRoleNamesView {
  user_id: number;
  role_names: string;
}
export interface SysFieldConfigTable {
  id: Generated<number>;
  user_id: number;
  model_type: string;
  field: string;
  is_fixed: Int;
  sort_no: number;
}
/** the gram index of a title (db/text-index.ts), with its copied list columns */
export interface NewsTitleGramTable {
  gram: string;
  row_id: number;
  type: string;
  is_top: number;
  create_time: string;
}
export interface PolicyTitleGramTable {
  gram: string;
  row_id: number;
  is_top: number;
  create_time: string;
}
/** trigger-kept row counts (migration 014) */
export interface RowCountTable {
  tbl: string;
  n: number;
}

/** 回收站 (migration 019): a deleted record as it was stored */
export interface RecycleBinTable {
  id: Generated<number>;
  resource: string;
  record_id: number;
  title: Text;
  data: string;
  deleted_by: Text;
  delete_time: string;
}
/** 操作日志 (migration 020) */
export interface OperLogTable {
  id: Generated<number>;
  user_name: Text;
  address: Text;
  oper_time: string;
  module: string;
  action: string;
  record_id: number | null;
  title: Text;
  result: number;
  reason: Text;
  before_data: string | null;
  after_data: string | null;
}
/** 登录日志 (migration 018) */
export interface SysLoginLogTable {
  id: Generated<number>;
  user_name: string;
  user_id: number | null;
  ip: Text;
  user_agent: Text;
  browser: Text;
  os: Text;
  status: number;
  reason: Text;
  login_time: string;
}
/** 历史版本 (migration 020) */
export interface RevisionTable {
  id: Generated<number>;
  resource: string;
  record_id: number;
  title: Text;
  data: string;
  user_name: Text;
  save_time: string;
}

/** which address counted a visit of which record in which hour (migration 015) */
export interface PublicViewTable {
  resource: string;
  record_id: number;
  address: string;
  hour: string;
}
/** a preview of unsaved edits until its signed link expires (migration 016) */
export interface PreviewSnapshotTable {
  id: Generated<number>;
  resource: string;
  data: string;
  /** epoch ms */
  expires_at: number;
  /** the account that previewed (migration 031): its quota counts this snapshot */
  user_id: number;
  /** bytes of `data` (UTF-8) */
  bytes: number;
}
/** Webhook (migration 016) */
export interface WebhookTable {
  id: Generated<number>;
  name: Text;
  url: Text;
  /** comma-separated `resource.action` names */
  events: Text;
  /** write-only (migration 031): never answered by the API */
  secret: Text;
  /** 1 when a secret is set (migration 031) */
  secret_set: Int;
  enable_flag: Int;
  create_time: string;
}
/** one webhook event to send (migration 016) */
export interface WebhookDeliveryTable {
  id: Generated<number>;
  webhook_id: number;
  event: string;
  body: string;
  /** `pending` | `success` | `failed` */
  status: string;
  attempts: Int;
  /** epoch ms */
  next_at: number;
  claimed_until: number | null;
  last_status: number | null;
  last_answer: string | null;
  create_time: string;
  update_time: string | null;
}
/** a scheduled publish / offline time that fires its event once (migration 016) */
export interface PublishEventTable {
  id: Generated<number>;
  resource: string;
  record_id: number;
  /** `publish` | `unpublish` */
  action: string;
  due_at: string;
  fired: Int;
}
/** the view of migration 017: a role's account count */
export interface SysRoleUserCountView {
  role_id: number;
  user_count: number;
}

export interface ContentTables {
  news_type: NewsTypeTable;
  news: NewsTable;
  policy: PolicyTable;
  page_def: PageDefTable;
  page_item: PageItemTable;
  business_type: BusinessTypeTable;
  business: BusinessTable;
  application_type: ApplicationTypeTable;
  application: ApplicationTable;
  supplier: SupplierTable;
  product: ProductTable;
  banner: BannerTable;
  friend_link: FriendLinkTable;
  contact_head: ContactHeadTable;
  waybill_template: WaybillTemplateTable;
  company: CompanyTable;
  sys_user_role_names: SysUserRoleNamesView;
  sys_field_config: SysFieldConfigTable;
  news_title_gram: NewsTitleGramTable;
  policy_title_gram: PolicyTitleGramTable;
  row_count: RowCountTable;
  recycle_bin: RecycleBinTable;
  oper_log: OperLogTable;
  revision: RevisionTable;
  public_view: PublicViewTable;
  preview_snapshot: PreviewSnapshotTable;
  webhook: WebhookTable;
  webhook_delivery: WebhookDeliveryTable;
  publish_event: PublishEventTable;
  sys_role_user_count: SysRoleUserCountView;
  sys_login_log: SysLoginLogTable;
}
