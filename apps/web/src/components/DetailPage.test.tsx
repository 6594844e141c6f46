import { businessTypeResource, newsResource } from '@gk/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../stores/session';
import { DetailPage, type DetailSection } from './DetailPage';
import { resetEditorConfig } from './richtext/editorConfig';
import { routed, stubFetch, TestProviders } from './test-utils';

vi.setConfig({ testTimeout: 20_000 });

const sections: DetailSection[] = [
  { key: 'basic', title: 'ui.section.basic', fields: [{ name: 'title' }, { name: 'type' }, { name: 'summary', widget: 'textarea' }] },
  { key: 'image', title: 'news.f.summaryImg', fields: [{ name: 'summaryImg' }] },
];

const RECORD = {
  id: 7,
  title: '旧标题',
  type: 'hydt',
  typeName: '行业动态',
  summary: '旧摘要',
  summaryImg: '',
  isTop: 0,
  isHot: 0,
  content: '',
};

function renderDetail(initial: string) {
  const { ui, router } = routed(<DetailPage resource={newsResource} sections={sections} listRoute="/news/news-list" />, {
    path: '/news/news-details',
    initial,
    others: ['/news/news-list'],
  });
  render(<TestProviders>{ui}</TestProviders>);
  return router;
}

const input = (label: string) => screen.getByLabelText(label, { selector: 'input,textarea' });
const save = () => fireEvent.click(screen.getByText(/^保\s?存$/).closest('button')!);

beforeEach(() => {
  resetEditorConfig();
  useSession.setState({ buttons: ['/news/saveNews', '/business/saveBusinessType'] });
});
afterEach(() => vi.unstubAllGlobals());

describe('DetailPage', () => {
  it('without an id it creates, then returns to the list', async () => {
    const api = stubFetch({ '/news/saveNews': ({ body }) => ({ code: 200, msg: '保存成功', data: { ...(body as object), id: 99 } }) });
    const router = renderDetail('/news/news-details');
    expect(await screen.findByText('新增新闻')).toBeInTheDocument();
    save();
    expect(await screen.findByText('标题不得为空')).toBeInTheDocument();
    expect(api.of('/news/saveNews')).toHaveLength(0);
    fireEvent.change(input('标题'), { target: { value: '新的新闻' } });
    fireEvent.change(input('新闻类型'), { target: { value: 'hydt' } });
    save();
    await waitFor(() => expect(router.state.location.pathname).toBe('/news/news-list'));
    expect(api.of('/news/saveNews')[0].body).toMatchObject({ title: '新的新闻', type: 'hydt' });
    expect(api.of('/news/saveNews')[0].body).not.toHaveProperty('id');
  });

  it('with an id it loads the record, saves it with its id, reloads it and stays', async () => {
    let stored = { ...RECORD };
    const api = stubFetch({
      '/news/getNews': () => ({ code: 200, msg: 'ok', data: stored }),
      '/news/saveNews': ({ body }) => {
        stored = { ...stored, ...(body as object) };
        return { code: 200, msg: '保存成功', data: stored };
      },
    });
    const router = renderDetail('/news/news-details?id=7');
    await waitFor(() => expect(input('标题')).toHaveValue('旧标题'));
    expect(api.of('/news/getNews')[0].query.get('id')).toBe('7');
    expect(screen.getByText('编辑新闻')).toBeInTheDocument();
    expect(screen.queryByText('有未保存的修改')).not.toBeInTheDocument();
    fireEvent.change(input('摘要'), { target: { value: '新摘要' } });
    expect(screen.getByText('有未保存的修改')).toBeInTheDocument();
    save();
    await waitFor(() => expect(api.of('/news/getNews')).toHaveLength(2));
    expect(api.of('/news/saveNews')[0].body).toMatchObject({ id: 7, title: '旧标题', summary: '新摘要' });
    expect(router.state.location.pathname + router.state.location.search).toBe('/news/news-details?id=7');
    await waitFor(() => expect(screen.queryByText('有未保存的修改')).not.toBeInTheDocument());
  });

  it('asks before leaving with unsaved changes; staying keeps the input', async () => {
    stubFetch({});
    const router = renderDetail('/news/news-details');
    await screen.findByText('新增新闻');
    fireEvent.change(input('标题'), { target: { value: '还没保存' } });
    fireEvent.click(screen.getByText(/^取\s?消$/).closest('button')!);
    // one dialog (antd repeats its title for screen readers)
    await screen.findAllByText('有未保存的修改，确定离开吗？');
    expect(document.querySelectorAll('.ant-modal-confirm')).toHaveLength(1);
    fireEvent.click(screen.getByText(/^留在此页$/).closest('button')!);
    await waitFor(() => expect(screen.queryAllByText('有未保存的修改，确定离开吗？')).toHaveLength(0));
    expect(router.state.location.pathname).toBe('/news/news-details');
    expect(input('标题')).toHaveValue('还没保存');

    fireEvent.click(screen.getByText(/^取\s?消$/).closest('button')!);
    fireEvent.click((await screen.findByText(/^离\s?开$/)).closest('button')!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/news/news-list'));
  });

  it('leaves without asking when nothing changed', async () => {
    stubFetch({ '/news/getNews': () => ({ code: 200, msg: 'ok', data: RECORD }) });
    const router = renderDetail('/news/news-details?id=7');
    await waitFor(() => expect(input('标题')).toHaveValue('旧标题'));
    fireEvent.click(screen.getByText(/^取\s?消$/).closest('button')!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/news/news-list'));
  });
});

describe('DetailPage of a resource whose get answers the bare entity', () => {
  it('loads the record even though it has a code field of its own, and saves it with its id', async () => {
    const record = { id: 3, code: 'GJKD', name: '国际快递', summary: '', summaryImg: '', sortNo: 1 };
    const api = stubFetch({
      '/business/getBusinessType': () => record,
      '/business/saveBusinessType': ({ body }) => ({ code: 200, msg: '保存成功', data: body }),
    });
    const { ui } = routed(
      <DetailPage
        resource={businessTypeResource}
        sections={[{ key: 'basic', title: 'ui.section.basic', fields: [{ name: 'name' }, { name: 'code' }] }]}
        listRoute="/business/business-type-list"
      />,
      {
        path: '/business/business-type-details',
        initial: '/business/business-type-details?id=3',
        others: ['/business/business-type-list'],
      },
    );
    render(<TestProviders>{ui}</TestProviders>);
    await waitFor(() => expect(input('业务类型编码')).toHaveValue('GJKD'));
    expect(input('业务类型名称')).toHaveValue('国际快递');
    expect(screen.queryByText('数据不存在或已被删除')).not.toBeInTheDocument();
    save();
    await waitFor(() => expect(api.of('/business/saveBusinessType')).toHaveLength(1));
    expect(api.of('/business/saveBusinessType')[0].body).toMatchObject({ id: 3, code: 'GJKD', name: '国际快递' });
  });
});

describe('DetailPage without the save permission', () => {
  it('shows the record, disables 保存 and says why', async () => {
    useSession.setState({ buttons: [] });
    const api = stubFetch({ '/news/getNews': () => ({ code: 200, msg: 'ok', data: RECORD }) });
    renderDetail('/news/news-details?id=7');
    await waitFor(() => expect(input('标题')).toHaveValue('旧标题'));
    const button = screen.getByText(/^保\s?存$/).closest('button')!;
    expect(button).toBeDisabled();
    fireEvent.mouseEnter(button.parentElement!);
    expect(await screen.findByText('没有保存权限，请联系管理员分配')).toBeInTheDocument();
    save();
    expect(api.of('/news/saveNews')).toHaveLength(0);
  });
});

describe('DetailPage of a record that is gone', () => {
  it('says so (its own chunk, loaded then) with 重试 and 返回列表', async () => {
    stubFetch({ '/news/getNews': () => ({ code: 404, msg: '数据不存在或已被删除' }) });
    const router = renderDetail('/news/news-details?id=404');
    expect(await screen.findByText('该记录可能已被删除，请返回列表刷新后再试。')).toBeInTheDocument();
    const back = await screen.findByRole('button', { name: /返回列表/ });
    expect(screen.getByRole('button', { name: /重\s?试/ })).toBeInTheDocument();
    fireEvent.click(back);
    await waitFor(() => expect(router.state.location.pathname).toBe('/news/news-list'));
  });
});
