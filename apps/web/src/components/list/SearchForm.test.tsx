import { bannerResource, pageItemResource } from '@gk/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import { TestProviders } from '../test-utils';

// antd popups render slowly in jsdom
vi.setConfig({ testTimeout: 30_000 });

import { type SearchFieldConfig, SearchForm, toFilters } from './SearchForm';

const TYPES = [
  { value: 'index', label: 'banner.type.index' },
  { value: 'news001', label: 'banner.type.news001' },
];

const fields: SearchFieldConfig[] = [{ name: 'title' }, { name: 'bannerType', widget: 'select', options: TYPES, all: true }];

const submit = () => {
  const el = within(document.querySelector('form')!)
    .getAllByText(/^搜\s?索$/)
    .find((e) => e.closest('button'));
  fireEvent.click(el!.closest('button')!);
};

describe('SearchForm: a select with 全部', () => {
  it('starts on 全部 (sent as no filter), offers it first, and sends a chosen option', async () => {
    const onSearch = vi.fn();
    render(
      <TestProviders>
        <SearchForm resource={bannerResource} fields={fields} onSearch={onSearch} onReset={() => undefined} />
      </TestProviders>,
    );
    const select = screen.getByLabelText('轮播图页面').closest('.ant-select')!;
    expect(within(select as HTMLElement).getByText('全部')).toBeInTheDocument();
    submit();
    await waitFor(() => expect(onSearch).toHaveBeenLastCalledWith({}));

    fireEvent.mouseDown(select.querySelector('input')!);
    await screen.findByTitle('首页');
    const options = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
    expect(options).toEqual(['全部', '首页', '新闻中心-行业动态']);
    fireEvent.click(await screen.findByTitle('首页'));
    submit();
    await waitFor(() => expect(onSearch).toHaveBeenLastCalledWith({ bannerType: 'index' }));
  });

  it('toFilters drops 全部 like an empty value', () => {
    expect(toFilters(fields, { title: ' 首页 ', bannerType: 'all' })).toEqual({ title: '首页' });
    expect(toFilters(fields, { title: '', bannerType: 'news001' })).toEqual({ bannerType: 'news001' });
  });
});

describe('SearchForm: a date range', () => {
  it('is a real form control: a preset fills both sides and the search sends startTime / endTime', async () => {
    const onSearch = vi.fn();
    const range: SearchFieldConfig[] = [{ name: 'createTime', widget: 'dateRange' }];
    render(
      <TestProviders>
        <SearchForm resource={pageItemResource} fields={range} onSearch={onSearch} onReset={() => undefined} />
      </TestProviders>,
    );
    const start = await screen.findByLabelText('开始日期');
    fireEvent.mouseDown(start);
    fireEvent.click(start);
    fireEvent.click((await screen.findAllByRole('button', { name: '今天' }))[0]);
    const today = dayjs().format('YYYY-MM-DD');
    await waitFor(() => expect(screen.getByLabelText('开始日期')).toHaveValue(today));
    submit();
    await waitFor(() => expect(onSearch).toHaveBeenLastCalledWith({ startTime: today, endTime: today }));
  });
});
