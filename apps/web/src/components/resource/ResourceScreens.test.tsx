import { dateRange, defineEndpoints, defineResource, publishFields, publishFilter, publishSave } from '@gk/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useSession } from '../../stores/session';
import { routed, stubFetch, TestProviders } from '../test-utils';
import { detailsView } from './ResourceDetails';
import { listView } from './ResourceList';
import { publishCallsOf, searchOf, sectionsOf } from './screens';

vi.setConfig({ testTimeout: 30_000 });

/** A publishable type seen only by this test, with a menu and no screen file: its screens come from the description. */
const eps = defineEndpoints('testOpening', {
  list: { path: '/testOpening/getTestOpeningPage', kind: 'read', name: '岗位列表' },
  get: { path: '/testOpening/getTestOpening', kind: 'read', name: '岗位详情' },
  save: { path: '/testOpening/saveTestOpening', kind: 'write', name: '保存岗位' },
  del: { path: '/testOpening/delTestOpening', kind: 'write', name: '删除岗位' },
  publish: { path: '/testOpening/publishTestOpening', kind: 'write', name: '发布岗位' },
  unpublish: { path: '/testOpening/unpublishTestOpening', kind: 'write', name: '下线岗位' },
  preview: { path: '/testOpening/previewTestOpening', kind: 'read', name: '预览岗位' },
  previewForm: { path: '/testOpening/previewTestOpeningForm', kind: 'write', name: '预览未保存的岗位' },
});
const opening = defineResource({
  name: 'testOpening',
  module: 'testOpening',
  table: 'test_opening',
  label: 'policy.entity',
  fields: [
    { name: 'id', type: 'int', label: 'common.f.code', readOnly: true },
    { name: 'title', type: 'text', label: 'policy.f.title', list: true },
    { name: 'author', type: 'text', label: 'policy.f.author', list: true },
    { name: 'isTop', type: 'flag', label: 'policy.f.isTop', list: true },
    { name: 'content', type: 'html', label: 'policy.f.content' },
    { name: 'createTime', type: 'datetime', label: 'common.f.createTime', readOnly: true, list: true },
    ...publishFields,
  ],
  save: z.object({
    title: z.string({ error: 'policy.titleRequired' }).trim().min(1, 'policy.titleRequired'),
    author: z.string().nullish(),
    isTop: z.number().nullish(),
    content: z.string().nullish(),
    ...publishSave,
  }),
  filters: [
    { param: 'title', field: 'title', op: 'like' },
    { param: 'isTop', field: 'isTop', op: 'eq' },
    ...dateRange('createTime'),
    publishFilter,
  ],
  endpoints: { list: eps.list, get: eps.get, save: eps.save, del: eps.del },
  del: 'ids',
  order: [['createTime', 'desc']],
  publishable: { publish: eps.publish, unpublish: eps.unpublish },
  previewable: { byId: eps.preview, form: eps.previewForm },
  menu: {
    url: '/testOpening',
    routeName: 'TestOpening',
    title: '岗位管理',
    icon: 'SolutionOutlined',
    list: { url: '/testOpening/testOpening-list', routeName: 'TestOpeningList', title: '岗位列表', icon: 'UnorderedListOutlined' },
    details: { url: '/testOpening/testOpening-details', routeName: 'TestOpeningDetails', title: '岗位详情', icon: 'EditOutlined' },
  },
});

const ROW = {
  id: 3,
  title: '仓库主管',
  author: '人事部',
  isTop: 0,
  content: '<p>负责仓库</p>',
  createTime: '2026-01-02 10:00:00',
  status: 'draft',
  publishTime: null,
  offlineTime: null,
};

function api() {
  return stubFetch({
    '/testOpening/getTestOpeningPage': () => ({ code: 200, msg: '查询成功', rows: [ROW], total: 1 }),
    '/testOpening/getTestOpening': () => ({ code: 200, msg: '查询成功', data: ROW }),
    '/testOpening/saveTestOpening': ({ body }) => ({ code: 200, msg: '保存成功', data: { ...(body as object), id: 4 } }),
  });
}

beforeEach(() => useSession.setState({ buttons: [eps.save.path, eps.del.path, eps.publish.path, eps.unpublish.path] }));
afterEach(() => vi.unstubAllGlobals());

describe('screens built from a description', () => {
  it('reads the search form, the form sections and the publish calls from the description', () => {
    expect(searchOf(opening).map((s) => [s.name, s.widget])).toEqual([
      ['title', undefined],
      ['isTop', 'flag'],
      ['createTimeRange', 'dateRange'],
      ['status', 'select'],
    ]);
    expect(sectionsOf(opening).map((s) => [s.key, s.fields.map((f) => f.name)])).toEqual([
      ['basic', ['title', 'author', 'isTop']],
      ['content', ['content']],
    ]);
    expect(publishCallsOf(opening)).toEqual({
      publish: eps.publish,
      unpublish: eps.unpublish,
      preview: eps.preview,
      previewForm: eps.previewForm,
    });
  });

  it('lists the rows with their publish state, and opens the details screen its menu declares', async () => {
    const calls = api();
    const List = listView('testOpening').default;
    const { ui, router } = routed(<List />, {
      path: '/testOpening/testOpening-list',
      others: ['/testOpening/testOpening-details'],
    });
    render(<TestProviders>{ui}</TestProviders>);
    const row = (await screen.findByText('仓库主管')).closest('tr')!;
    expect(within(row).getByText('人事部')).toBeInTheDocument();
    expect(within(row).getByText('草稿')).toBeInTheDocument();
    expect(calls.of('/testOpening/getTestOpeningPage')[0].body).toMatchObject({ pageNumber: 1 });
    fireEvent.click(screen.getByRole('button', { name: /新\s?增/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/testOpening/testOpening-details'));
  });

  it('edits a record with its fields and its publish bar, and saves it', async () => {
    const calls = api();
    const Details = detailsView('testOpening').default;
    const { ui } = routed(<Details />, {
      path: '/testOpening/testOpening-details',
      initial: '/testOpening/testOpening-details?id=3',
      others: ['/testOpening/testOpening-list'],
    });
    render(<TestProviders>{ui}</TestProviders>);
    await waitFor(() => expect(screen.getByLabelText('标题', { selector: 'input' })).toHaveValue('仓库主管'));
    expect(screen.getByText('正文')).toBeInTheDocument();
    // a draft: its primary action says it publishes; 保存草稿 keeps it a draft
    expect(screen.getByRole('button', { name: /保存并发布/ })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('作者', { selector: 'input' }), { target: { value: '行政部' } });
    fireEvent.click(screen.getByRole('button', { name: /保存草稿/ }));
    await waitFor(() => expect(calls.of('/testOpening/saveTestOpening')).toHaveLength(1));
    expect(calls.of('/testOpening/saveTestOpening')[0].body).toMatchObject({ id: 3, title: '仓库主管', author: '行政部', draft: true });
  });
});
