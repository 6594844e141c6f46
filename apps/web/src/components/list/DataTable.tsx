import { CaretDownOutlined, CaretUpOutlined } from '@ant-design/icons';
import { Checkbox, ConfigProvider, Spin, Tooltip } from 'antd';
import type { ColumnType } from 'antd/es/table';
import {
  type CSSProperties,
  type Key,
  type KeyboardEvent,
  memo,
  type PointerEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
} from 'react';
import { FLEX_MIN_WIDTH, type Row, SELECTION_WIDTH } from './columns';
import './DataTable.css';

/**
 * The list screens' table: a plain semantic <table> styled as antd's middle-size Table (its class names kept, so the
 * look, the e2e selectors and the bench's `.ant-table-row` stay), with what the lists use of it and nothing more —
 * the column descriptions of antd (`ColumnType`: title, width, fixed, align, ellipsis, render, sorter / sortOrder),
 * row selection kept across pages, server-side sort from the headers, columns fixed to either side, a header that
 * sticks to the top of the page, the empty state and the loading veil. antd's Table brought its filter dropdown
 * (Tree, Dropdown), virtual list, resize observers and measure row to every list's first screen (issue 28).
 */

export type SortOrder = 'ascend' | 'descend' | null;

export interface Selection {
  selected: readonly Key[];
  /** the keys now selected, and the rows of this page among them (the caller keeps the rows of other pages) */
  onChange: (keys: Key[], picked: Row[]) => void;
  /** a row that cannot be selected */
  disabled?: (row: Row) => boolean;
  /** wraps a row's checkbox (a tooltip saying why it is disabled) */
  wrap?: (row: Row, node: ReactNode) => ReactNode;
}

export interface DataTableProps {
  columns: ColumnType<Row>[];
  rows: Row[];
  rowKey?: string;
  /** the least width of the table (it scrolls sideways below it) */
  scrollX: number;
  loading?: boolean;
  /** a header's click: the column's key and the next order (ascend → descend → none) */
  onSort?: (key: string, order: SortOrder) => void;
  selection?: Selection;
  /** what the body shows without rows */
  empty?: ReactNode;
}

type Fix = { side: 'start' | 'end'; offset: number; edge: boolean } | null;

const keyOf = (c: ColumnType<Row>, i: number) => String(c.key ?? c.dataIndex ?? i);
const widthOf = (c: ColumnType<Row>) => (typeof c.width === 'number' ? c.width : undefined);
const nextOrder = (o: SortOrder): SortOrder => (o === 'ascend' ? 'descend' : o === 'descend' ? null : 'ascend');

/** the sticky offsets of the fixed columns: the start ones after the selection column, the end ones from the right */
function fixesOf(columns: ColumnType<Row>[], selectable: boolean): Fix[] {
  const fixes: Fix[] = columns.map(() => null);
  let start = selectable ? SELECTION_WIDTH : 0;
  let lastStart = -1;
  columns.forEach((c, i) => {
    if (c.fixed === 'left' || c.fixed === true || c.fixed === 'start') {
      fixes[i] = { side: 'start', offset: start, edge: false };
      start += widthOf(c) ?? FLEX_MIN_WIDTH;
      lastStart = i;
    }
  });
  if (lastStart >= 0) fixes[lastStart] = { ...(fixes[lastStart] as NonNullable<Fix>), edge: true };
  let end = 0;
  let firstEnd = -1;
  for (let i = columns.length - 1; i >= 0; i--) {
    const c = columns[i];
    if (c.fixed === 'right' || c.fixed === 'end') {
      fixes[i] = { side: 'end', offset: end, edge: false };
      end += widthOf(c) ?? FLEX_MIN_WIDTH;
      firstEnd = i;
    }
  }
  if (firstEnd >= 0) fixes[firstEnd] = { ...(fixes[firstEnd] as NonNullable<Fix>), edge: true };
  return fixes;
}

function cellProps(c: ColumnType<Row>, fix: Fix, extra = ''): { className: string; style?: CSSProperties } {
  let className = `ant-table-cell${extra}`;
  const style: CSSProperties = {};
  if (fix) {
    className += ` ant-table-cell-fix ant-table-cell-fix-${fix.side}`;
    if (fix.edge) className += ` ant-table-cell-fix-${fix.side}-shadow`;
    style[fix.side === 'start' ? 'insetInlineStart' : 'insetInlineEnd'] = fix.offset;
  }
  if (c.ellipsis) className += ' ant-table-cell-ellipsis';
  if (c.className) className += ` ${c.className}`;
  if (c.align) style.textAlign = c.align;
  return { className, style: fix || c.align ? style : undefined };
}

function Colgroup({ columns, selectable }: { columns: ColumnType<Row>[]; selectable: boolean }) {
  return (
    <colgroup>
      {selectable && <col className="ant-table-selection-col" style={{ width: SELECTION_WIDTH }} />}
      {columns.map((c, i) => {
        const w = widthOf(c) ?? (c.fixed ? FLEX_MIN_WIDTH : undefined);
        return <col key={keyOf(c, i)} style={w ? { width: w } : undefined} />;
      })}
    </colgroup>
  );
}

/** a fixed cell cuts its text inside this span (the cell itself shows its shadow past its edge) */
const Content = ({ wrap, children }: { wrap: boolean; children: ReactNode }) =>
  wrap ? <span className="ant-table-cell-content">{children}</span> : children;

interface SortLabels {
  asc: string;
  desc: string;
  cancel: string;
}

function HeaderCell({
  column: c,
  fix,
  onSort,
  labels,
}: {
  column: ColumnType<Row>;
  fix: Fix;
  onSort?: (key: string, order: SortOrder) => void;
  labels: SortLabels;
}) {
  const title = typeof c.title === 'function' ? null : (c.title as ReactNode);
  const text = typeof title === 'string' ? title : undefined;
  if (!c.sorter) {
    return (
      <th scope="col" title={c.ellipsis ? text : undefined} {...cellProps(c, fix)}>
        {fix && c.ellipsis ? <span className="ant-table-cell-content">{title}</span> : title}
      </th>
    );
  }
  const order = (c.sortOrder ?? null) as SortOrder;
  const next = nextOrder(order);
  const sort = () => onSort?.(String(c.key ?? c.dataIndex), next);
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      sort();
    }
  };
  const props = cellProps(c, fix, ` ant-table-column-has-sorters${order ? ' ant-table-column-sort' : ''}`);
  return (
    <th
      scope="col"
      tabIndex={0}
      aria-label={text}
      aria-sort={order === 'ascend' ? 'ascending' : order === 'descend' ? 'descending' : undefined}
      title={c.ellipsis ? text : undefined}
      onClick={sort}
      onKeyDown={onKey}
      {...props}
    >
      <Content wrap={!!fix && !!c.ellipsis}>
        <div className="ant-table-column-sorters">
          <span className="ant-table-column-title">{title}</span>
          <Tooltip title={next === 'ascend' ? labels.asc : next === 'descend' ? labels.desc : labels.cancel}>
            <span className="ant-table-column-sorter ant-table-column-sorter-full">
              <span className="ant-table-column-sorter-inner" aria-hidden="true">
                <CaretUpOutlined className={`ant-table-column-sorter-up${order === 'ascend' ? ' active' : ''}`} />
                <CaretDownOutlined className={`ant-table-column-sorter-down${order === 'descend' ? ' active' : ''}`} />
              </span>
            </span>
          </Tooltip>
        </div>
      </Content>
    </th>
  );
}

/** a cell's native tooltip for a cut text: the text itself */
const textOf = (node: ReactNode) => (typeof node === 'string' || typeof node === 'number' ? String(node) : undefined);

interface BodyRowProps {
  row: Row;
  index: number;
  rowKey: Key;
  columns: ColumnType<Row>[];
  fixes: Fix[];
  selectable: boolean;
  disabled?: (row: Row) => boolean;
  wrap?: (row: Row, node: ReactNode) => ReactNode;
  checked: boolean;
  onCheck: (row: Row, key: Key, checked: boolean) => void;
}

/** one row, rendered again only when its record, its selection or the columns change */
const BodyRow = memo(function BodyRow({ row, index, rowKey, columns, fixes, selectable, disabled, wrap, checked, onCheck }: BodyRowProps) {
  let box: ReactNode = null;
  if (selectable) {
    const node = (
      <Checkbox
        checked={checked}
        disabled={disabled?.(row) ?? false}
        aria-label={`Select row ${index}`}
        onChange={(e) => onCheck(row, rowKey, e.target.checked)}
      />
    );
    box = wrap ? wrap(row, node) : node;
  }
  return (
    <tr className={`ant-table-row ant-table-row-level-0${checked ? ' ant-table-row-selected' : ''}`} data-row-key={String(rowKey)}>
      {selectable && (
        <td
          className="ant-table-cell ant-table-selection-column ant-table-cell-fix ant-table-cell-fix-start"
          style={{ insetInlineStart: 0 }}
        >
          {box}
        </td>
      )}
      {columns.map((c, i) => {
        const value = c.dataIndex != null ? row[String(c.dataIndex)] : undefined;
        const content = c.render ? (c.render(value, row, index) as ReactNode) : (value as ReactNode);
        const showTitle = c.ellipsis && (c.ellipsis === true || c.ellipsis.showTitle !== false);
        return (
          <td
            key={keyOf(c, i)}
            title={showTitle ? textOf(content) : undefined}
            {...cellProps(c, fixes[i], c.sortOrder ? ' ant-table-column-sort' : '')}
          >
            {fixes[i] && c.ellipsis ? <span className="ant-table-cell-content">{content}</span> : content}
          </td>
        );
      })}
    </tr>
  );
});

export function DataTable({ columns: all, rows, rowKey = 'id', scrollX, loading, onSort, selection, empty }: DataTableProps) {
  const columns = useMemo(() => all.filter((c) => !c.hidden), [all]);
  const selectable = !!selection;
  const fixes = useMemo(() => fixesOf(columns, selectable), [columns, selectable]);
  const { locale } = useContext(ConfigProvider.ConfigContext);
  const tl = locale?.Table;
  const labels = useMemo<SortLabels>(
    () => ({ asc: tl?.triggerAsc ?? '点击升序', desc: tl?.triggerDesc ?? '点击降序', cancel: tl?.cancelSort ?? '取消排序' }),
    [tl],
  );

  const rootRef = useRef<HTMLDivElement>(null);
  const headRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const thumbRef = useRef<HTMLDivElement>(null);
  const bodyTableRef = useRef<HTMLTableElement>(null);
  // the fixed columns' shadows show while there is more to scroll on their side; the header follows the body's scroll
  const onScroll = useCallback(() => {
    const body = bodyRef.current;
    const root = rootRef.current;
    if (!body || !root) return;
    if (headRef.current) headRef.current.scrollLeft = body.scrollLeft;
    const thumb = thumbRef.current;
    if (thumb && body.scrollWidth > 0) {
      const ratio = body.clientWidth / body.scrollWidth;
      thumb.style.width = `${body.clientWidth * ratio}px`;
      thumb.style.transform = `translateX(${Math.abs(body.scrollLeft) * ratio}px)`;
    }
    const left = Math.abs(body.scrollLeft);
    root.classList.toggle('gk-table-ping-start', left > 0);
    root.classList.toggle('gk-table-ping-end', left + body.clientWidth < body.scrollWidth - 1);
    root.classList.toggle('gk-table-scrolls', body.scrollWidth > body.clientWidth + 1);
  }, []);
  // the scrollbar kept at the bottom of the screen: dragging its thumb scrolls the body
  const onThumb = useCallback((e: PointerEvent<HTMLDivElement>) => {
    const body = bodyRef.current;
    if (!body) return;
    const thumb = e.currentTarget;
    const x0 = e.clientX;
    const left0 = body.scrollLeft;
    const ratio = body.scrollWidth / body.clientWidth;
    thumb.setPointerCapture(e.pointerId);
    const move = (m: globalThis.PointerEvent) => {
      body.scrollLeft = left0 + (m.clientX - x0) * ratio;
    };
    const up = () => {
      thumb.removeEventListener('pointermove', move);
      thumb.removeEventListener('pointerup', up);
      thumb.removeEventListener('pointercancel', up);
    };
    thumb.addEventListener('pointermove', move);
    thumb.addEventListener('pointerup', up);
    thumb.addEventListener('pointercancel', up);
    e.preventDefault();
  }, []);
  // measured when the browser has laid the page out anyway: a ResizeObserver's callbacks run after layout and before
  // paint (its first one right after `observe`), so reading the sizes forces no layout of its own; the body's table
  // resizes with its rows and columns. A layout effect read them during React's commit: a forced synchronous layout
  // of the whole page on every render (~90 ms on the cold list), then another at the frame.
  useEffect(() => {
    const body = bodyRef.current;
    if (!body || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(onScroll);
    ro.observe(body);
    if (bodyTableRef.current) ro.observe(bodyTableRef.current);
    return () => ro.disconnect();
  }, [onScroll]);

  const selected = selection?.selected;
  const selectedSet = useMemo(() => new Set(selected ?? []), [selected]);
  // the latest selection for the rows' stable callback
  const current = useRef({ selection, selectedSet });
  current.current = { selection, selectedSet };
  const onCheck = useCallback((row: Row, key: Key, checked: boolean) => {
    const { selection: s } = current.current;
    if (!s) return;
    const keys = checked ? [...s.selected.filter((k) => k !== key), key] : s.selected.filter((k) => k !== key);
    s.onChange(keys, checked ? [row] : []);
  }, []);

  const keys = rows.map((r) => r[rowKey] as Key);
  const enabled = selection ? rows.filter((r) => !selection.disabled?.(r)) : [];
  const onPage = enabled.filter((r) => selectedSet.has(r[rowKey] as Key)).length;
  const allChecked = enabled.length > 0 && onPage === enabled.length;
  const someChecked = onPage > 0 && !allChecked;
  const checkAll = (checked: boolean) => {
    if (!selection) return;
    const pageKeys = new Set(enabled.map((r) => r[rowKey] as Key));
    const rest = selection.selected.filter((k) => !pageKeys.has(k));
    if (checked) selection.onChange([...rest, ...pageKeys], enabled);
    else selection.onChange(rest, []);
  };

  const tableStyle: CSSProperties = { width: scrollX, minWidth: '100%', tableLayout: 'fixed' };
  const colgroup = <Colgroup columns={columns} selectable={selectable} />;
  const span = columns.length + (selectable ? 1 : 0);

  return (
    <Spin spinning={!!loading}>
      <div ref={rootRef} className="gk-table ant-table ant-table-middle">
        <div ref={headRef} className="ant-table-header gk-table-header">
          <table style={tableStyle}>
            {colgroup}
            <thead className="ant-table-thead">
              <tr>
                {selection && (
                  <th
                    scope="col"
                    className="ant-table-cell ant-table-selection-column ant-table-cell-fix ant-table-cell-fix-start"
                    style={{ insetInlineStart: 0 }}
                  >
                    <div className="ant-table-selection">
                      <Checkbox
                        aria-label="Select all"
                        checked={allChecked}
                        indeterminate={someChecked}
                        disabled={enabled.length === 0}
                        onChange={(e) => checkAll(e.target.checked)}
                      />
                    </div>
                  </th>
                )}
                {columns.map((c, i) => (
                  <HeaderCell key={keyOf(c, i)} column={c} fix={fixes[i]} onSort={onSort} labels={labels} />
                ))}
              </tr>
            </thead>
          </table>
        </div>
        <div ref={bodyRef} className="ant-table-body gk-table-body" onScroll={onScroll}>
          <table ref={bodyTableRef} style={tableStyle}>
            {colgroup}
            <tbody className="ant-table-tbody">
              {rows.length === 0 ? (
                <tr className="ant-table-placeholder">
                  <td className="ant-table-cell" colSpan={span}>
                    {empty}
                  </td>
                </tr>
              ) : (
                rows.map((row, index) => (
                  <BodyRow
                    key={String(keys[index])}
                    row={row}
                    index={index}
                    rowKey={keys[index]}
                    columns={columns}
                    fixes={fixes}
                    selectable={selectable}
                    disabled={selection?.disabled}
                    wrap={selection?.wrap}
                    checked={selectedSet.has(keys[index])}
                    onCheck={onCheck}
                  />
                ))
              )}
            </tbody>
          </table>
        </div>
        <div className="gk-table-scrollbar" aria-hidden="true">
          <div ref={thumbRef} className="gk-table-scrollbar-thumb" onPointerDown={onThumb} />
        </div>
      </div>
    </Spin>
  );
}
