import { type MediaRow, mediaEndpoints } from '@gk/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routed, stubFetch, TestProviders } from '../../components/test-utils';
import { useSession } from '../../stores/session';
import MediaList from './MediaList';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());
beforeEach(() => {
  localStorage.clear();
  useSession.setState({ buttons: ['/upload/upload', mediaEndpoints.replace.path, mediaEndpoints.del.path] });
});

const row = (name: string, over: Partial<MediaRow> = {}): MediaRow => ({
  name,
  title: null,
  url: `/img/${name}`,
  bytes: 20480,
  width: 800,
  height: 600,
  format: 'png',
  uploader: 'admin',
  uploadTime: '2026-11-20 10:00:00',
  alt: '',
  uses: 0,
  ...over,
});
const USED = row('aaaa1111aaaa1111.png', { alt: '洋山港', uses: 1, title: '横幅-洋山港' });
const FREE = row('bbbb2222bbbb2222.jpg', { format: 'jpeg' });
const REFUSAL = '图片正在被使用：新闻“港口新闻”（摘要图片）';

function serve(rows: MediaRow[] = [USED, FREE]) {
  return stubFetch({
    [mediaEndpoints.page.path]: ({ body }) => {
      const b = body as { unused?: number; keyword?: string };
      const out = rows.filter(
        (r) =>
          (!b.unused || r.uses === 0) &&
          (!b.keyword || r.name.includes(b.keyword) || r.alt.includes(b.keyword) || !!r.title?.includes(b.keyword)),
      );
      return { code: 200, msg: '查询成功', rows: out, total: out.length };
    },
    [mediaEndpoints.usage.path]: ({ query }) => ({
      code: 200,
      msg: '查询成功',
      data: query.get('name') === USED.name ? [{ resource: 'news', id: 12, field: 'summaryImg', title: '港口新闻' }] : [],
    }),
    [mediaEndpoints.save.path]: ({ body }) => ({ code: 200, msg: '替代文字已保存', data: { ...USED, ...(body as object) } }),
    [mediaEndpoints.del.path]: ({ body }) =>
      (body as { unused?: number }).unused
        ? { code: 200, msg: '已删除 1 张图片', data: { removed: [FREE.name], kept: 1 } }
        : (body as { names: string[] }).names.includes(USED.name)
          ? { code: 400, msg: REFUSAL }
          : { code: 200, msg: `已删除 ${(body as { names: string[] }).names.length} 张图片` },
  });
}

const show = async () => {
  const { ui } = routed(<MediaList />, { path: '/media/media-list', others: ['/news/news-details'] });
  render(<TestProviders>{ui}</TestProviders>);
  await screen.findByText(FREE.name);
};
const card = (name: string) => document.querySelector(`.gk-media-card[data-name="${name}"]`) as HTMLElement;
const drawer = () => document.querySelector('.ant-drawer-open') as HTMLElement;

describe('素材库', () => {
  it('shows every image as a card with its size and whether it is used; thumbnails come at 320 px', async () => {
    const api = serve();
    await show();
    expect(within(card(USED.name)).getByText('使用 1 处')).toBeInTheDocument();
    expect(within(card(FREE.name)).getByText('未使用')).toBeInTheDocument();
    expect(within(card(FREE.name)).getByText('800×600')).toBeInTheDocument();
    expect(card(USED.name).querySelector('img')).toHaveAttribute('src', `/img/${USED.name}?w=320`);
    expect(card(USED.name).querySelector('img')).toHaveAttribute('alt', '洋山港');
    expect(api.of(mediaEndpoints.page.path)[0].body).toEqual({ pageNumber: 1, pageSize: 24 });
  });

  it('searches by name or alt text and filters the unused', async () => {
    const api = serve();
    await show();
    const search = (v: string) => {
      fireEvent.change(screen.getByLabelText('名称、文件名或替代文字'), { target: { value: v } });
      const input = screen.getByLabelText('名称、文件名或替代文字');
      fireEvent.change(input, { target: { value: v } });
      fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
      fireEvent.keyUp(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    };
    search('洋山');
    await waitFor(() => expect(card(FREE.name)).toBeNull());
    expect(card(USED.name)).not.toBeNull();
    expect(api.of(mediaEndpoints.page.path).at(-1)?.body).toMatchObject({ keyword: '洋山' });
    search('bbbb');
    await waitFor(() => expect(card(FREE.name)).not.toBeNull());
    expect(card(USED.name)).toBeNull();
    fireEvent.click(screen.getByText('仅未使用'));
    await waitFor(() =>
      expect(api.of(mediaEndpoints.page.path).at(-1)?.body).toEqual({ keyword: 'bbbb', unused: 1, pageNumber: 1, pageSize: 24 }),
    );
  });

  it('the list view is a table with the facts of each image', async () => {
    serve();
    await show();
    fireEvent.click(screen.getByText('列表'));
    const tr = (await screen.findByRole('button', { name: FREE.name })).closest('tr') as HTMLElement;
    // a titled image: its title is the link, its stored name below it
    const titled = (await screen.findByRole('button', { name: '横幅-洋山港' })).closest('tr') as HTMLElement;
    expect(within(titled).getByText(USED.name)).toBeInTheDocument();
    expect(within(tr).getByText('20 KB')).toBeInTheDocument();
    expect(within(tr).getByText('JPEG')).toBeInTheDocument();
    expect(within(tr).getByText('admin')).toBeInTheDocument();
    expect(within(tr).getByText('未使用')).toBeInTheDocument();
    expect(localStorage.getItem('gk-media-view')).toBe('list');
  });

  it('the drawer lists where the image is used, with a link to the record', async () => {
    serve();
    await show();
    fireEvent.click(card(USED.name).querySelector('.gk-media-thumb')!);
    const link = await within(drawer()).findByRole('link', { name: /港口新闻/ });
    expect(link).toHaveAttribute('href', '/news/news-details?id=12');
    expect(within(drawer()).getByText(/摘要图片/)).toBeInTheDocument();
  });

  it('saves the alt text on the image', async () => {
    const api = serve();
    await show();
    fireEvent.click(card(USED.name).querySelector('.gk-media-thumb')!);
    const input = await within(drawer()).findByLabelText('替代文字');
    expect(input).toHaveValue('洋山港');
    fireEvent.change(input, { target: { value: '洋山港集装箱码头' } });
    fireEvent.click(within(drawer()).getByRole('button', { name: '保存名称和替代文字' }));
    await waitFor(() => expect(api.of(mediaEndpoints.save.path)).toHaveLength(1));
    expect(api.of(mediaEndpoints.save.path)[0].body).toEqual({ name: USED.name, alt: '洋山港集装箱码头' });
    expect(await screen.findByText('名称和替代文字已保存')).toBeInTheDocument();
  });

  it('a card shows the title as its name and the stored name below; without a title, the stored name', async () => {
    serve();
    await show();
    const name = card(USED.name).querySelector('.gk-media-name') as HTMLElement;
    expect(name).toHaveTextContent('横幅-洋山港');
    expect(card(USED.name).querySelector('.gk-media-file')).toHaveTextContent(USED.name);
    expect(card(FREE.name).querySelector('.gk-media-name')).toHaveTextContent(FREE.name);
    expect(card(FREE.name).querySelector('.gk-media-file')).toBeNull();
    expect(screen.getByLabelText('选择 横幅-洋山港')).toBeInTheDocument();
  });

  it('searches by title', async () => {
    const api = serve();
    await show();
    const input = screen.getByLabelText('名称、文件名或替代文字');
    fireEvent.change(input, { target: { value: '横幅' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(card(FREE.name)).toBeNull());
    expect(card(USED.name)).not.toBeNull();
    expect(api.of(mediaEndpoints.page.path).at(-1)?.body).toMatchObject({ keyword: '横幅' });
  });

  it('the drawer edits the title (名称) and saves it alone; the drawer then shows the new title', async () => {
    const api = serve();
    await show();
    fireEvent.click(card(USED.name).querySelector('.gk-media-thumb')!);
    const input = await within(drawer()).findByLabelText('名称');
    expect(input).toHaveValue('横幅-洋山港');
    expect(within(drawer()).getByText(USED.name)).toBeInTheDocument();
    fireEvent.change(input, { target: { value: ' 横幅-洋山港码头 ' } });
    fireEvent.click(within(drawer()).getByRole('button', { name: '保存名称和替代文字' }));
    await waitFor(() => expect(api.of(mediaEndpoints.save.path)).toHaveLength(1));
    expect(api.of(mediaEndpoints.save.path)[0].body).toEqual({ name: USED.name, title: '横幅-洋山港码头' });
    expect(await screen.findByText('名称和替代文字已保存')).toBeInTheDocument();
    await waitFor(() => expect(drawer().querySelector('.gk-media-title')).toHaveTextContent('横幅-洋山港码头'));
    expect(within(drawer()).getByRole('button', { name: '保存名称和替代文字' })).toBeDisabled();
  });

  it('a title and the alt text changed together go in one call', async () => {
    const api = serve();
    await show();
    fireEvent.click(card(USED.name).querySelector('.gk-media-thumb')!);
    fireEvent.change(await within(drawer()).findByLabelText('名称'), { target: { value: '横幅-港口' } });
    fireEvent.change(within(drawer()).getByLabelText('替代文字'), { target: { value: '洋山港夜景' } });
    fireEvent.click(within(drawer()).getByRole('button', { name: '保存名称和替代文字' }));
    await waitFor(() => expect(api.of(mediaEndpoints.save.path)).toHaveLength(1));
    expect(api.of(mediaEndpoints.save.path)[0].body).toEqual({ name: USED.name, alt: '洋山港夜景', title: '横幅-港口' });
  });

  it('a title cannot be emptied: the field says so and nothing is sent', async () => {
    const api = serve();
    await show();
    fireEvent.click(card(USED.name).querySelector('.gk-media-thumb')!);
    fireEvent.change(await within(drawer()).findByLabelText('名称'), { target: { value: '  ' } });
    expect(within(drawer()).getByRole('alert')).toHaveTextContent('请填写图片名称');
    expect(within(drawer()).getByRole('button', { name: '保存名称和替代文字' })).toBeDisabled();
    expect(api.of(mediaEndpoints.save.path)).toHaveLength(0);
  });

  it('an image without a title: the drawer shows its stored name, the 名称 field starts empty', async () => {
    serve();
    await show();
    fireEvent.click(card(FREE.name).querySelector('.gk-media-thumb')!);
    expect(await within(drawer()).findByLabelText('名称')).toHaveValue('');
    expect(drawer().querySelector('.gk-media-title')).toHaveTextContent(FREE.name);
    expect(within(drawer()).queryByRole('alert')).toBeNull();
  });

  it('删除 of an image in use shows the server’s refusal naming where, and keeps it', async () => {
    const api = serve();
    await show();
    fireEvent.click(card(USED.name).querySelector('.gk-media-thumb')!);
    fireEvent.click(await within(drawer()).findByRole('button', { name: /删\s?除/ }));
    fireEvent.click(await screen.findByRole('button', { name: /^确\s?定$/ }));
    expect(await screen.findByText(REFUSAL)).toBeInTheDocument();
    expect(screen.getAllByText('无法删除').length).toBeGreaterThan(0);
    expect(api.of(mediaEndpoints.del.path)[0].body).toEqual({ names: [USED.name] });
  });

  it('selected images are deleted together; 删除所有未使用 deletes every unused one', async () => {
    const api = serve();
    await show();
    fireEvent.click(screen.getByLabelText(`选择 ${FREE.name}`));
    fireEvent.click(screen.getByRole('button', { name: /删除所选（1）/ }));
    fireEvent.click(await screen.findByRole('button', { name: /^确\s?定$/ }));
    await waitFor(() => expect(api.of(mediaEndpoints.del.path)).toHaveLength(1));
    expect(api.of(mediaEndpoints.del.path)[0].body).toEqual({ names: [FREE.name] });
    expect(await screen.findByText('已删除 1 张图片')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: /删除所有未使用/ }));
    const confirm = await screen.findAllByRole('button', { name: /^确\s?定$/ });
    fireEvent.click(confirm.at(-1)!);
    await waitFor(() => expect(api.of(mediaEndpoints.del.path)).toHaveLength(2));
    expect(api.of(mediaEndpoints.del.path)[1].body).toEqual({ unused: 1 });
  });

  it('without the delete and replace permissions the buttons are shown disabled', async () => {
    useSession.setState({ buttons: ['/upload/upload'] });
    serve();
    await show();
    expect(screen.getByRole('button', { name: /删除所有未使用/ })).toBeDisabled();
    fireEvent.click(card(USED.name).querySelector('.gk-media-thumb')!);
    expect(await within(drawer()).findByRole('button', { name: /替\s?换/ })).toBeDisabled();
    expect(within(drawer()).getByRole('button', { name: /删\s?除/ })).toBeDisabled();
  });
});
