import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TestProviders } from '../test-utils';
import { Pager } from './Pager';

vi.setConfig({ testTimeout: 20_000 });

function pager(current: number, onChange = vi.fn(), total = 1000) {
  render(
    <TestProviders>
      <Pager
        current={current}
        pageSize={20}
        total={total}
        pageSizes={[10, 20, 30, 50]}
        showTotal={(n) => `总共${n}条记录`}
        onChange={onChange}
      />
    </TestProviders>,
  );
  return onChange;
}

const pages = () => [...document.querySelectorAll('.ant-pagination-item')].map((li) => li.textContent);

describe('Pager', () => {
  it('antd’s small pager: the total, the first and last pages around the current one, 向前 / 向后 5 页, the current page told to screen readers', () => {
    const onChange = pager(10);
    const ul = document.querySelector('ul.ant-pagination')!;
    expect(ul).toHaveClass('ant-pagination-small', 'ant-pagination-mini', 'ant-table-pagination-end');
    expect(screen.getByText('总共1000条记录')).toBeInTheDocument();
    expect(pages()).toEqual(['1', '9', '10', '11', '50']);
    expect(within(screen.getByTitle('10')).getByText('10')).toHaveAttribute('aria-current', 'page');
    expect(within(screen.getByTitle('9')).getByText('9')).not.toHaveAttribute('aria-current');

    fireEvent.click(screen.getByTitle('向后 5 页'));
    expect(onChange).toHaveBeenLastCalledWith(15, 20);
    fireEvent.click(screen.getByTitle('向前 5 页'));
    expect(onChange).toHaveBeenLastCalledWith(5, 20);
    fireEvent.click(screen.getByTitle('下一页'));
    expect(onChange).toHaveBeenLastCalledWith(11, 20);
    fireEvent.click(screen.getByTitle('50'));
    expect(onChange).toHaveBeenLastCalledWith(50, 20);
  });

  it('跳至 a page: Enter goes there, clamped to the last page', () => {
    const onChange = pager(1);
    const jump = screen.getByRole('textbox', { name: '页' });
    fireEvent.change(jump, { target: { value: '7' } });
    fireEvent.keyUp(jump, { key: 'Enter', keyCode: 13 });
    expect(onChange).toHaveBeenLastCalledWith(7, 20);
    fireEvent.change(jump, { target: { value: '999' } });
    fireEvent.keyUp(jump, { key: 'Enter', keyCode: 13 });
    expect(onChange).toHaveBeenLastCalledWith(50, 20);
  });

  it('the page size: a stand-in showing 20 条/页 until pressed, then antd’s Select with the four sizes', async () => {
    const onChange = pager(3);
    const changer = document.querySelector('.ant-pagination-options .ant-select')!;
    expect(changer).toHaveClass('gk-select-stand-in', 'ant-select-sm');
    expect(changer).toHaveTextContent('20 条/页');
    fireEvent.mouseDown(changer.querySelector('input')!);
    const fifty = await screen.findByTitle('50 条/页');
    expect([...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent)).toEqual([
      '10 条/页',
      '20 条/页',
      '30 条/页',
      '50 条/页',
    ]);
    fireEvent.click(fifty);
    // the size reaches the list (which starts again at page 1: ListPage.test)
    expect(onChange).toHaveBeenLastCalledWith(3, 50);
  });
});
