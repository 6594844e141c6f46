import type { Endpoint, FieldDef } from '@gk/contracts';
import { LIMITS } from '@gk/contracts/list';
import { Switch, Tag, Tooltip } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { lazy, Suspense, useState } from 'react';
import { imageUrl } from '../../api/request';
import { useTranslation } from '../../lib/i18n';
import type { VisibleField } from '../fieldConfig/useFieldConfig';

// antd's Image and its preview load with the first list that shows an image column (most lists show none)
const ListImage = lazy(() => import('./ListImage'));

/** List columns built from the resource's fields (SPEC points 2 and 9: widths capped at 400 px). */
export type Row = Record<string, unknown>;

export interface ColumnOverride extends Partial<Omit<ColumnType<Row>, 'dataIndex' | 'key'>> {
  /** label message key instead of the field's */
  label?: string;
}

export interface ToggleOptions {
  /** reload the list when the server refuses the change (default true; news isHot: false, SPEC point 4) */
  reloadOnFailure?: boolean;
  /** reload the list after a change too, when the server also changes other rows (contacts: one live) */
  reloadOnSuccess?: boolean;
  /** a question asked before the change (a switch that takes rights away, RuoYi's 确认要停用…吗？), or null: none */
  confirm?: (row: Row, next: boolean) => string | null;
  /** why this row's switch cannot change (the administrator role: never disabled), shown as its tooltip; or null */
  lock?: (row: Row) => string | null;
}

/** Default widths; plain text columns have none: they share the room the others leave. */
const DEFAULT_WIDTH: Record<FieldDef['type'], number | undefined> = {
  text: undefined,
  code: 130,
  html: undefined,
  image: 90,
  sort: 90,
  flag: 90,
  int: 90,
  datetime: 170,
};

/**
 * The least width of a column without a fixed width (the table scrolls sideways below it). Small enough
 * that the widest content lists (products, page items: four text columns, sort, created time, actions)
 * fit a 1280 px screen with the sidebar open, so the fixed 操作 column never covers 创建时间 there; the
 * text is cut with an ellipsis and shown whole in its tooltip.
 */
export const FLEX_MIN_WIDTH = 110;
/** The row-selection column. */
export const SELECTION_WIDTH = 48;
/** The content width a list gets on a 1280 px screen: minus the sidebar (168), the main and card paddings. */
export const CONTENT_WIDTH_AT_1280 = 1280 - 168 - 2 * 16 - 2 * 20;

/** The width of the fixed 操作 column: 查看详情 / 编辑, then 90 px per extra row button. */
export const actionsWidth = (hasDetail: boolean, extra: number) => (hasDetail ? 100 : 20) + extra * 90;

/** The table's scroll width: fixed widths as given, flexible columns at their least width, plus the selection. */
export function scrollWidth(columns: ColumnType<Row>[]): number {
  return columns.reduce((n, c) => n + (typeof c.width === 'number' ? c.width : FLEX_MIN_WIDTH), SELECTION_WIDTH);
}

/**
 * The least width a header needs to show its longest word whole (headers wrap between words): ~8 px a Latin
 * letter, 14 px a Chinese character at the table's 14 px font, the cell's 16 px paddings, the sort arrows.
 */
export function headerMinWidth(title: string, sortable: boolean): number {
  const longest = title.split(/\s+/).reduce(
    (n, w) =>
      Math.max(
        n,
        [...w].reduce((m, ch) => m + (/[\u2e80-\uffff]/.test(ch) ? 14 : 8.5), 0),
      ),
    0,
  );
  return Math.ceil(longest + 32 + (sortable ? 22 : 0));
}

/** Column width: the override or the type's default, never above 400 px; undefined for a flexible text column. */
export function columnWidth(f: FieldDef, override?: number | string): number | undefined {
  const w = typeof override === 'number' ? override : DEFAULT_WIDTH[f.type];
  return w === undefined ? undefined : Math.min(w, LIMITS.columnWidthMax);
}

/** a fixed width widened to what the header needs; a flexible column stays flexible */
const atLeast = (w: number | undefined, least: number) => (w === undefined ? undefined : Math.max(w, least));

/** A flag toggled straight from the list (SPEC point 4). */
export function ToggleCell({
  checked,
  disabled,
  onToggle,
  label,
}: {
  checked: boolean;
  disabled?: boolean;
  onToggle: (next: boolean) => Promise<unknown>;
  label: string;
}) {
  const [busy, setBusy] = useState(false);
  const { t } = useTranslation();
  return (
    <Switch
      size="small"
      checked={checked}
      loading={busy}
      disabled={disabled}
      aria-label={label}
      checkedChildren={t('ui.yes')}
      unCheckedChildren={t('ui.no')}
      onChange={async (next) => {
        setBusy(true);
        try {
          await onToggle(next);
        } finally {
          setBusy(false);
        }
      }}
    />
  );
}

function FlagTag({ value }: { value: unknown }) {
  const { t } = useTranslation();
  const on = Number(value) === 1;
  return <Tag color={on ? 'success' : 'default'}>{on ? t('ui.yes') : t('ui.no')}</Tag>;
}

/** an empty cell (antd's secondary text colour, without loading Typography on every list's first screen) */
const dash = <span className="gk-cell-empty">—</span>;

export interface BuildColumnsOptions {
  visible: VisibleField[];
  overrides?: Record<string, ColumnOverride>;
  t: (key: string, params?: Record<string, unknown>) => string;
  sortField?: string | null;
  sortOrder?: 'asc' | 'desc' | null;
  toggles?: Record<string, Endpoint>;
  canToggle: (path: string) => boolean;
  onToggle: (row: Row, field: string, next: boolean) => Promise<unknown>;
  /** why the user may not write this row (its toggles are disabled, with this tooltip), or nothing */
  rowLock?: (row: Row) => string | null | undefined;
  /** per-toggle behaviour: a switch locked on some rows (`lock`) */
  toggleOptions?: Record<string, ToggleOptions>;
}

export function buildColumns({
  visible,
  overrides = {},
  t,
  sortField,
  sortOrder,
  toggles = {},
  canToggle,
  onToggle,
  rowLock,
  toggleOptions = {},
}: BuildColumnsOptions): ColumnType<Row>[] {
  return visible.map(({ field: f, fixed }) => {
    const o = overrides[f.name] ?? {};
    const { label, width, ...rest } = o;
    const title = t(label ?? f.label);
    const col: ColumnType<Row> = {
      key: f.name,
      dataIndex: f.name,
      title,
      width: atLeast(columnWidth(f, width), headerMinWidth(title, !!f.sortable)),
      fixed: fixed ? 'left' : undefined,
      sorter: f.sortable ? true : undefined,
      sortOrder: f.sortable && sortField === f.name ? (sortOrder === 'desc' ? 'descend' : 'ascend') : null,
      sortDirections: ['ascend', 'descend'],
    };
    const toggle = toggles[f.name];
    if (f.type === 'flag' && toggle) {
      col.align = 'center';
      col.render = (v, row) => {
        const lock = rowLock?.(row) || toggleOptions[f.name]?.lock?.(row) || (canToggle(toggle.path) ? null : t('ui.noPermission'));
        const cell = (
          <ToggleCell checked={Number(v) === 1} label={title} disabled={!!lock} onToggle={(next) => onToggle(row, f.name, next)} />
        );
        // a tooltip only on a row it is disabled on (a popup component per cell made a 50-row page slow to render)
        return lock ? (
          <Tooltip title={lock}>
            <span className="gk-tooltip-wrap">{cell}</span>
          </Tooltip>
        ) : (
          cell
        );
      };
    } else if (f.type === 'flag') {
      col.align = 'center';
      col.render = (v) => <FlagTag value={v} />;
    } else if (f.type === 'image') {
      col.render = (v) =>
        v ? (
          <Suspense fallback={<span className="gk-list-image-slot" />}>
            <ListImage src={imageUrl(String(v))} alt={title} />
          </Suspense>
        ) : (
          dash
        );
    } else if (f.type === 'sort' || f.type === 'int') {
      col.align = 'right';
      col.render = (v) => (v == null || v === '' ? dash : v);
    } else {
      // cut with an ellipsis, the whole text in the cell's title (a native tooltip: a popup component per
      // cell made a 50-row page slow to render)
      col.ellipsis = { showTitle: true };
      col.render = (v) => (v == null || v === '' ? dash : String(v));
    }
    return { ...col, ...rest };
  });
}
