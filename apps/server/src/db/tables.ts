import type { ColumnType, Generated } from 'kysely';

/**
 * The content tables (migrations 002–032), described once at run time: `TABLES` names each table's columns
 * with their kind, and the Kysely interfaces below are derived from it. `db/tables.test.ts` compares this
 * description with the migrated database on SQLite and PostgreSQL (every table and column here exists with a
 * compatible type and nullability; every column of a migrated table is here; a table no one describes fails).
 * `db/schema.ts` has the core tables; the two together are `Database`.
 */

/**
 * What a column holds, as the migrations create it. `=` marks a `not null` column with a default (optional on
 * insert), `?` a nullable one (optional on insert, `null` on read).
 * - `id`: the generated integer primary key
 * - `str` · `str=` · `str?`: varchar or text (`str=`: `not null default ''` or another default)
 * - `html`: rich text, `text` (not varchar), nullable
 * - `int` · `int=` · `int?`: integer (flags, counts, foreign ids)
 * - `bigint` · `bigint?`: 64-bit integer (epoch milliseconds, counters), read as a number
 * - `sort`: the decimal sort number (`real` / `numeric(18,6)`), nullable, read as a number
 */
export type ColumnKind = keyof KindTypes;

interface KindTypes {
  id: Generated<number>;
  str: string;
  'str=': ColumnType<string, string | undefined, string>;
  'str?': string | null;
  html: string | null;
  int: number;
  'int=': ColumnType<number, number | undefined, number>;
  'int?': number | null;
  bigint: number;
  'bigint?': number | null;
  sort: number | null;
}

/** A table's (or view's) columns and their kinds. */
export type TableDescription = Readonly<Record<string, ColumnKind>>;

/** The Kysely row interface of a described table. */
export type TableOf<T extends TableDescription> = { -readonly [C in keyof T]: KindTypes[T[C]] };

/** publish state (migration 015): `draft` | `published` | `offline`, and the scheduled times */
const publishState = { status: 'str=', publish_time: 'str?', offline_time: 'str?' } as const;

export const TABLES = {
  news_type: { id: 'id', code: 'str', name: 'str=', sort_no: 'sort' },
  news: {
    id: 'id',
    title: 'str=',
    type: 'str',
    summary: 'str=',
    summary_img: 'str=',
    count: 'int=',
    is_top: 'int=',
    is_hot: 'int=',
    content: 'html',
    create_time: 'str',
    ...publishState,
  },
  policy: {
    id: 'id',
    title: 'str=',
    summary: 'str=',
    summary_img: 'str=',
    author: 'str=',
    source: 'str=',
    count: 'int=',
    is_top: 'int=',
    is_hot: 'int=',
    content: 'html',
    create_time: 'str',
    ...publishState,
  },
  page_def: { id: 'id', name: 'str=', show_type: 'str' },
  page_item: {
    id: 'id',
    title: 'str=',
    page_id: 'int=',
    tag: 'str=',
    summary: 'str=',
    summary_img: 'str=',
    content: 'html',
    sort_no: 'sort',
    create_time: 'str',
    is_hot: 'int=',
    is_top: 'int=',
    ...publishState,
  },
  business_type: { id: 'id', name: 'str=', code: 'str', summary: 'str=', summary_img: 'str=', sort_no: 'sort' },
  business: { id: 'id', type: 'str', name: 'str=', summary: 'str=', logo: 'str=', url: 'str=', sort_no: 'sort' },
  application_type: { id: 'id', code: 'str', name: 'str=', sort_no: 'sort' },
  application: { id: 'id', type: 'str', name: 'str=', icon: 'str=', url: 'str=', sort_no: 'sort' },
  supplier: { id: 'id', name: 'str=', summary: 'str=', logo: 'str=', sort_no: 'sort' },
  product: {
    id: 'id',
    supplier_id: 'int=',
    name: 'str=',
    summary: 'str=',
    img: 'str=',
    url: 'str=',
    sort_no: 'sort',
    create_time: 'str',
  },
  banner: {
    id: 'id',
    title: 'str=',
    name: 'str=',
    banner_type: 'str',
    summary: 'str=',
    img_url: 'str=',
    url: 'str=',
    sort_no: 'sort',
    enable_flag: 'int=',
    /** migration 015: the time window beside the enable flag */
    publish_time: 'str?',
    offline_time: 'str?',
  },
  friend_link: { id: 'id', name: 'str=', url: 'str=', sort_no: 'sort', enable_flag: 'int=' },
  contact_head: {
    id: 'id',
    organizers: 'str=',
    address: 'str=',
    phone: 'str=',
    record_number: 'str=',
    enable_flag: 'int=',
    img: 'str=',
    png_logo: 'str=',
    jpg_logo: 'str=',
    icon_img: 'str=',
  },
  waybill_template: {
    id: 'id',
    code: 'str',
    name: 'str=',
    sketch_img: 'str=',
    content: 'html',
    sort_no: 'sort',
    enable_flag: 'int=',
    create_time: 'str',
  },
  company: {
    id: 'id',
    name: 'str=',
    short_name: 'str=',
    summary: 'str=',
    logo: 'str=',
    address: 'str=',
    phone: 'str=',
    email: 'str=',
    website: 'str=',
    record_number: 'str=',
    /** always 1 (a unique index keeps the profile one row) */
    singleton: 'int=',
  },
  sys_field_config: { id: 'id', user_id: 'int', model_type: 'str', field: 'str', is_fixed: 'int=', sort_no: 'int' },
  /** the gram index of a title (db/text-index.ts), with its copied list columns */
  news_title_gram: { gram: 'str', row_id: 'int', type: 'str', is_top: 'int', create_time: 'str' },
  policy_title_gram: { gram: 'str', row_id: 'int', is_top: 'int', create_time: 'str' },
  /** trigger-kept row counts (migration 014) */
  row_count: { tbl: 'str', n: 'bigint' },
  /** 回收站 (migration 019): a deleted record as it was stored */
  recycle_bin: {
    id: 'id',
    resource: 'str',
    record_id: 'int',
    title: 'str=',
    data: 'str',
    deleted_by: 'str=',
    delete_time: 'str',
  },
  /** 操作日志 (migration 020) */
  oper_log: {
    id: 'id',
    user_name: 'str=',
    address: 'str=',
    oper_time: 'str',
    module: 'str',
    action: 'str',
    record_id: 'int?',
    title: 'str=',
    result: 'int',
    reason: 'str=',
    before_data: 'str?',
    after_data: 'str?',
    /** 操作地点 (migration 047) */
    location: 'str?',
    /** 消耗时间, ms (migration 047) */
    cost_ms: 'int?',
  },
  /** 登录日志 (migration 018) */
  sys_login_log: {
    id: 'id',
    user_name: 'str',
    user_id: 'int?',
    ip: 'str=',
    user_agent: 'str=',
    browser: 'str=',
    os: 'str=',
    status: 'int',
    reason: 'str=',
    login_time: 'str',
    /** 登录地点 (migration 047) */
    location: 'str?',
  },
  /** 历史版本 (migration 020) */
  revision: {
    id: 'id',
    resource: 'str',
    record_id: 'int',
    title: 'str=',
    data: 'str',
    user_name: 'str=',
    save_time: 'str',
  },
  /** 保存草稿 on live content: the edit waiting for 发布, one per record (migration 039) */
  pending_draft: {
    id: 'id',
    resource: 'str',
    record_id: 'int',
    /** the edit as the save would write it (JSON, API field names) */
    data: 'str',
    user_name: 'str=',
    save_time: 'str',
  },
  /** a record's values in one content locale (migration 040, crud/translations.ts) */
  content_translation: {
    resource: 'str',
    record_id: 'int',
    locale: 'str',
    /** JSON by API field name: translated and SEO fields (the default locale: SEO fields only) */
    data: 'str',
    has_text: 'int=',
    source_version: 'int=',
    user_name: 'str=',
    update_time: 'str',
  },
  /** every slug of a record per locale; `current` 0 = an old one, kept as a redirect (migration 040) */
  content_slug: { resource: 'str', locale: 'str', slug: 'str', record_id: 'int', current: 'int=', create_time: 'str' },
  /** which address counted a visit of which record in which hour (migration 015) */
  public_view: { resource: 'str', record_id: 'int', address: 'str', hour: 'str' },
  /** pixel size (as shown: EXIF orientation applied), format, bytes and alt text of a stored image, by its name (migration 034); frames (035) */
  image_meta: {
    name: 'str',
    width: 'int',
    height: 'int',
    format: 'str',
    bytes: 'int',
    alt: 'str=',
    create_time: 'str',
    frames: 'int=',
    /** who uploaded it and when (migration 049; null on images stored before) */
    uploader: 'str?',
    upload_time: 'str?',
    /** the name an operator gives it (migration 050; set from the uploaded file's name; null on images stored before) */
    title: 'str?',
  },
  /** where each image is used: one row per image, record and field (migration 049, modules/media/usage.ts) */
  media_usage: { name: 'str', resource: 'str', record_id: 'int', field: 'str' },
  /** an image's alt text in a content locale other than the default (migration 042; the default's is `image_meta.alt`) */
  image_alt: { name: 'str', locale: 'str', alt: 'str' },
  /**
   * the delivery API's full-text search (migration 036): the records each term is found in, per content locale
   * (`*`: in every locale's text of the record; migration 043)
   */
  search_term: { resource: 'str', term: 'str', locale: 'str', record_id: 'int' },
  /** the terms each record is indexed under per locale key (space-separated), as it was indexed (migrations 036, 043) */
  search_doc: { resource: 'str', record_id: 'int', locale: 'str', terms: 'str' },
  /** the records whose search terms are behind their stored row, indexed after the write commits (migration 057) */
  search_queue: { resource: 'str', record_id: 'int' },
  /**
   * per resource: the term cutting its index holds, the content locales setting it was cut for (043) and how far the
   * start-up backfill came (migration 036)
   */
  search_state: { resource: 'str', version: 'int', locales: 'str=', last_id: 'int=', done: 'int=' },
  /** a preview of unsaved edits until its signed link expires (migration 016) */
  preview_snapshot: {
    id: 'id',
    resource: 'str',
    data: 'str',
    /** epoch ms */
    expires_at: 'bigint',
    /** the account that previewed (migration 031): its quota counts this snapshot */
    user_id: 'int=',
    /** bytes of `data` (UTF-8) */
    bytes: 'int=',
  },
  /** Webhook (migration 016) */
  webhook: {
    id: 'id',
    name: 'str=',
    url: 'str=',
    /** comma-separated `resource.action` names */
    events: 'str=',
    /** write-only (migration 031): never answered by the API */
    secret: 'str=',
    /** 1 when a secret is set (migration 032) */
    secret_set: 'int=',
    enable_flag: 'int=',
    create_time: 'str',
    /** 0: each change sent at once; N > 0: a burst folded into one `site.changed` (migration 038) */
    debounce_seconds: 'int=',
  },
  /** one webhook event to send (migration 016) */
  webhook_delivery: {
    id: 'id',
    webhook_id: 'int',
    event: 'str',
    body: 'str',
    /** `pending` | `success` | `failed` */
    status: 'str',
    attempts: 'int=',
    /** epoch ms */
    next_at: 'bigint',
    claimed_until: 'bigint?',
    last_status: 'int?',
    last_answer: 'str?',
    create_time: 'str',
    update_time: 'str?',
  },
  /** the content version of a table the delivery API reads: a random token each write replaces (migration 037) */
  content_version: { name: 'str', version: 'str' },
  /** 站点密钥: a read-only token of the website's servers, stored hashed (migration 037) */
  site_key: {
    id: 'id',
    name: 'str=',
    /** `published` | `preview` */
    mode: 'str',
    /** the key's first characters (`gks_` and 8 more), to tell keys apart */
    key_prefix: 'str=',
    /** SHA-256 of the key, hex; never answered */
    key_hash: 'str',
    create_by: 'str=',
    create_time: 'str',
    /** recorded at most once a minute per key and process */
    last_used_time: 'str?',
    revoked: 'int=',
  },
  /** a scheduled publish / offline time (or a window boundary) that fires its event once (migration 016) */
  publish_event: {
    id: 'id',
    resource: 'str',
    record_id: 'int',
    /** `publish` | `unpublish` */
    action: 'str',
    due_at: 'str',
    /** 0 due, 1 fired, 2 written by migration 038 and not yet settled against the clock */
    fired: 'int=',
  },
  /** a change waiting to be folded into a debounced webhook's `site.changed` (migration 038) */
  webhook_fold: {
    id: 'id',
    webhook_id: 'int',
    /** `<resource>.<action>` */
    event: 'str',
    /** the event's own body (JSON, with its paths) */
    body: 'str',
    /** epoch ms of the change */
    at: 'bigint',
  },
  /** one Excel import (migration 048) */
  import_batch: {
    id: 'id',
    resource: 'str',
    user_name: 'str=',
    import_time: 'str',
    adds: 'int=',
    updates: 'int=',
    skipped: 'int=',
    /** 1 once 撤销导入 undid it */
    undone: 'int=',
  },
  /** a record an import wrote (migration 048): `add`, or `update` with the record before and after (JSON) */
  import_item: {
    id: 'id',
    batch_id: 'int',
    record_id: 'int',
    action: 'str',
    before_data: 'str?',
    after_data: 'str?',
  },
  /** one release (发布计划, migration 054) */
  content_release: {
    id: 'id',
    name: 'str',
    publish_time: 'str',
    offline_time: 'str?',
    /** scheduled | running | done | failed */
    state: 'str=',
    reason: 'str?',
    /** epoch ms until which the process running it holds it */
    claimed_until: 'bigint?',
    create_user: 'str=',
    create_time: 'str',
    done_time: 'str?',
  },
  /** a record of a release (migration 054) */
  /** one notice to one user (消息中心, migration 053) */
  notice: {
    id: 'id',
    user_id: 'int',
    /** `review.requested` | `review.approved` | `review.rejected` | `release.failed` | `release.done` */
    kind: 'str',
    resource: 'str?',
    record_id: 'int?',
    title: 'str?',
    comment: 'str?',
    /** who acted, their display name when it was written */
    from_user: 'str?',
    create_time: 'str',
    read_flag: 'int=',
    /** JSON: the rest of the message's parameters (`level`, `final`) */
    data: 'str?',
  },
  /** a publishable resource's review rule (migration 052): levels 0 | 1 | 2, self-approval 0 | 1 */
  review_setting: { resource: 'str', levels: 'int=', self_approve: 'int=' },
  /** where a record stands in the review workflow (migration 052): draft | pending | approved | rejected */
  review_state: {
    id: 'id',
    resource: 'str',
    record_id: 'int',
    state: 'str',
    level: 'int=',
    submit_user_id: 'int?',
    submit_user_name: 'str?',
    submit_time: 'str?',
    submit_comment: 'str?',
    title: 'str?',
    content_hash: 'str?',
  },
  /** one step of a record's review (migration 052): submit | approve | reject | reset */
  review_history: {
    id: 'id',
    resource: 'str',
    record_id: 'int',
    action: 'str',
    level: 'int=',
    user_id: 'int?',
    user_name: 'str=',
    nick_name: 'str?',
    time: 'str',
    comment: 'str?',
  },
  content_release_item: { id: 'id', release_id: 'int', resource: 'str', record_id: 'int', /** migration 055 */ problems: 'str?' },
  /** 敏感词库: one word, its category and level, whitelisted or not (migration 051) */
  sensitive_word: {
    id: 'id',
    word: 'str',
    /** ad | sensitive | custom */
    category: 'str',
    /** block | warn */
    level: 'str',
    whitelist: 'int=',
    remark: 'str=',
    enable_flag: 'int=',
    create_time: 'str',
  },
} as const satisfies Record<string, TableDescription>;

/**
 * The views. A view's columns are checked for existence and type, not nullability (PostgreSQL reports every
 * view column nullable).
 */
export const VIEWS = {
  /** migration 011: an account's role names joined with 、 */
  sys_user_role_names: { user_id: 'int', role_names: 'str' },
  /** migration 017 / 030: a role's account count */
  sys_role_user_count: { role_id: 'int', user_count: 'int' },
} as const satisfies Record<string, TableDescription>;

/**
 * Tables the code reaches only by name through `looseDb` (no typed query touches them), so they need no entry
 * above; `db/tables.test.ts` still requires each to exist in the migrated database. None today.
 */
export const DYNAMIC_TABLES: readonly string[] = [];

type Described = typeof TABLES & typeof VIEWS;
export type ContentTables = { [T in keyof Described]: TableOf<Described[T]> };

export type NewsTypeTable = ContentTables['news_type'];
export type NewsTable = ContentTables['news'];
export type PolicyTable = ContentTables['policy'];
export type PageDefTable = ContentTables['page_def'];
export type PageItemTable = ContentTables['page_item'];
export type BusinessTypeTable = ContentTables['business_type'];
export type BusinessTable = ContentTables['business'];
export type ApplicationTypeTable = ContentTables['application_type'];
export type ApplicationTable = ContentTables['application'];
export type SupplierTable = ContentTables['supplier'];
export type ProductTable = ContentTables['product'];
export type BannerTable = ContentTables['banner'];
export type FriendLinkTable = ContentTables['friend_link'];
export type ContactHeadTable = ContentTables['contact_head'];
export type WaybillTemplateTable = ContentTables['waybill_template'];
export type CompanyTable = ContentTables['company'];
export type SysFieldConfigTable = ContentTables['sys_field_config'];
export type NewsTitleGramTable = ContentTables['news_title_gram'];
export type PolicyTitleGramTable = ContentTables['policy_title_gram'];
export type RowCountTable = ContentTables['row_count'];
export type RecycleBinTable = ContentTables['recycle_bin'];
export type OperLogTable = ContentTables['oper_log'];
export type SysLoginLogTable = ContentTables['sys_login_log'];
export type RevisionTable = ContentTables['revision'];
export type PublicViewTable = ContentTables['public_view'];
export type PendingDraftTable = ContentTables['pending_draft'];
export type ContentTranslationTable = ContentTables['content_translation'];
export type ContentSlugTable = ContentTables['content_slug'];
export type PreviewSnapshotTable = ContentTables['preview_snapshot'];
export type WebhookTable = ContentTables['webhook'];
export type WebhookDeliveryTable = ContentTables['webhook_delivery'];
export type PublishEventTable = ContentTables['publish_event'];
export type WebhookFoldTable = ContentTables['webhook_fold'];
export type ContentVersionTable = ContentTables['content_version'];
export type SiteKeyTable = ContentTables['site_key'];
export type ImportBatchTable = ContentTables['import_batch'];
export type ImportItemTable = ContentTables['import_item'];
export type ContentReleaseTable = ContentTables['content_release'];
export type ContentReleaseItemTable = ContentTables['content_release_item'];
export type NoticeTable = ContentTables['notice'];
export type ReviewSettingTable = ContentTables['review_setting'];
export type ReviewStateTable = ContentTables['review_state'];
export type ReviewHistoryTable = ContentTables['review_history'];
export type SysUserRoleNamesView = ContentTables['sys_user_role_names'];
export type SysRoleUserCountView = ContentTables['sys_role_user_count'];
