import { DoubleLeftOutlined, DoubleRightOutlined, EllipsisOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import RcPagination from '@rc-component/pagination';
import zhCN from '@rc-component/pagination/locale/zh_CN';
import { useLocale } from 'antd/es/locale';
import { cloneElement, isValidElement, type ReactNode } from 'react';
import { LazySelect } from '../LazySelect';
import './Pager.css';

export interface PagerProps {
  current: number;
  pageSize: number;
  total: number;
  pageSizes: readonly number[];
  /** the total's text (总共 n 条记录) */
  showTotal: (total: number) => string | null;
  onChange: (page: number, pageSize: number) => void;
}

// antd's icons of a pager (as its Pagination gives them)
const ellipsis = (
  <span className="ant-pagination-item-ellipsis">
    <EllipsisOutlined />
  </span>
);
/** 向前 / 向后 5 页: an ellipsis that turns into the double arrow under the pointer (Pager.css) */
const jump = (arrow: ReactNode) => (
  <span className="ant-pagination-item-link">
    <div className="ant-pagination-item-container">
      {arrow}
      {ellipsis}
    </div>
  </span>
);
const ICONS = {
  prevIcon: (
    <button className="ant-pagination-item-link" type="button" tabIndex={-1}>
      <LeftOutlined />
    </button>
  ),
  nextIcon: (
    <button className="ant-pagination-item-link" type="button" tabIndex={-1}>
      <RightOutlined />
    </button>
  ),
  jumpPrevIcon: jump(<DoubleLeftOutlined className="ant-pagination-item-link-icon" />),
  jumpNextIcon: jump(<DoubleRightOutlined className="ant-pagination-item-link-icon" />),
};

/**
 * A list's pager: antd's small Pagination (the same markup, class names and locale), built on the library antd builds
 * it on (`@rc-component/pagination`) and drawn by Pager.css from the theme's variables, with the page-size changer a
 * LazySelect. antd's own Pagination imports its Select statically (rc-select and its virtual list, ~22 KB gzip), which
 * every list's first screen then loaded for a changer most visits never open.
 */
export function Pager({ current, pageSize, total, pageSizes, showTotal, onChange }: PagerProps) {
  const [locale] = useLocale('Pagination', zhCN);
  return (
    <RcPagination
      {...ICONS}
      prefixCls="ant-pagination"
      selectPrefixCls="ant-select"
      className="ant-pagination-small ant-pagination-mini ant-table-pagination ant-table-pagination-end gk-pager"
      locale={locale}
      current={current}
      pageSize={pageSize}
      total={total}
      showSizeChanger
      showQuickJumper
      pageSizeOptions={pageSizes as number[]}
      showTotal={showTotal}
      // the current page is told to screen readers too (antd marks it by colour only)
      itemRender={(page, type, element) =>
        type === 'page' && page === current && isValidElement(element)
          ? cloneElement(element, { 'aria-current': 'page' } as Record<string, string>)
          : element
      }
      sizeChangerRender={({ disabled, size, onSizeChange, 'aria-label': ariaLabel, className, options }) => (
        <LazySelect<number>
          disabled={disabled}
          size="small"
          popupMatchSelectWidth={false}
          getPopupContainer={(node) => node.parentNode as HTMLElement}
          aria-label={ariaLabel}
          options={options.map((o) => ({ value: Number(o.value), label: o.label }))}
          value={size}
          onChange={(v) => onSizeChange(v)}
          className={`ant-pagination-options-size-changer-select ${className ?? ''}`}
        />
      )}
      onChange={onChange}
    />
  );
}
