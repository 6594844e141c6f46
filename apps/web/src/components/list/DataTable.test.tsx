import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ColumnType } from 'antd/es/table';
import type { Key } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Row } from './columns';
import { DataTable, type SortOrder } from './DataTable';

const rows: Row[] = [
  { id: 1, title: '第一条', views: 3 },
  { id: 2, title: '第二条', views: null },
  { id: 3, title: '锁定的', views: 7 },
];

const columns = (order: SortOrder = null): ColumnType<Row>[] => [
  { key: 'title', dataIndex: 'title', title: '标题', ellipsis: { showTitle: true }, fixed: 'left', width: 200 },
  {
    key: 'views',
    dataIndex: 'views',
    title: '浏览量',
    sorter: true,
    sortOrder: order,
    align: 'right',
    render: (v) => (v == null ? '—' : String(v)),
  },
  { key: 'ops', title: '操作', fixed: 'right', width: 100, render: (_v, row) => <button type="button">看{String(row.id)}</button> },
];

describe('the list table', () => {
  it('shows a row per record with its cells, column headers and the fixed columns', () => {
    render(<DataTable columns={columns()} rows={rows} scrollX={600} />);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['标题', '浏览量', '操作']);
    const body = screen.getAllByRole('row').filter((r) => within(r).queryAllByRole('cell').length > 0);
    expect(body).toHaveLength(3);
    expect(
      within(body[1])
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['第二条', '—', '看2']);
    // a cut text carries its whole text as the cell's title
    expect(within(body[0]).getByText('第一条').closest('td')).toHaveAttribute('title', '第一条');
    expect(screen.getByRole('columnheader', { name: '标题' })).toHaveClass('ant-table-cell-fix-start');
    expect(screen.getByRole('columnheader', { name: '操作' })).toHaveClass('ant-table-cell-fix-end');
  });

  it('sorts from a header: ascend, descend, none, by click or Enter; the sorted column says so', () => {
    const onSort = vi.fn();
    const { rerender } = render(<DataTable columns={columns()} rows={rows} scrollX={600} onSort={onSort} />);
    fireEvent.click(screen.getByRole('columnheader', { name: '浏览量' }));
    expect(onSort).toHaveBeenLastCalledWith('views', 'ascend');
    rerender(<DataTable columns={columns('ascend')} rows={rows} scrollX={600} onSort={onSort} />);
    expect(screen.getByRole('columnheader', { name: '浏览量' })).toHaveAttribute('aria-sort', 'ascending');
    fireEvent.keyDown(screen.getByRole('columnheader', { name: '浏览量' }), { key: 'Enter' });
    expect(onSort).toHaveBeenLastCalledWith('views', 'descend');
    rerender(<DataTable columns={columns('descend')} rows={rows} scrollX={600} onSort={onSort} />);
    fireEvent.click(screen.getByRole('columnheader', { name: '浏览量' }));
    expect(onSort).toHaveBeenLastCalledWith('views', null);
    // a column without a sorter does nothing
    fireEvent.click(screen.getByRole('columnheader', { name: '标题' }));
    expect(onSort).toHaveBeenCalledTimes(3);
  });

  it('selects rows, keeps other pages’ keys, and 全选 takes the page’s selectable rows only', () => {
    const onChange = vi.fn();
    const view = (selected: Key[]) => (
      <DataTable columns={columns()} rows={rows} scrollX={600} selection={{ selected, onChange, disabled: (r) => r.id === 3 }} />
    );
    const { rerender } = render(view([99]));
    const row = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
    fireEvent.click(within(row('第二条')).getByRole('checkbox'));
    expect(onChange).toHaveBeenLastCalledWith([99, 2], [rows[1]]);
    expect(within(row('锁定的')).getByRole('checkbox')).toBeDisabled();
    rerender(view([99, 2]));
    expect(row('第二条')).toHaveClass('ant-table-row-selected');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(onChange).toHaveBeenLastCalledWith([99, 1, 2], [rows[0], rows[1]]);
    rerender(view([99, 1, 2]));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(onChange).toHaveBeenLastCalledWith([99], []);
  });

  it('shows the empty state in one row when there are no records', () => {
    render(
      <DataTable
        columns={columns()}
        rows={[]}
        scrollX={600}
        empty={<span>暂无数据</span>}
        selection={{ selected: [], onChange: () => {} }}
      />,
    );
    expect(screen.getByText('暂无数据').closest('td')).toHaveAttribute('colspan', '4');
  });
});
