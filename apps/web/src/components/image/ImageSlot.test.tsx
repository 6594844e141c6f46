import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Form } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../stores/session';
import { resetEditorConfig } from '../richtext/editorConfig';
import { stubFetch, TestProviders } from '../test-utils';
import { ImageSlot } from './ImageSlot';
import { type ImageSlotsOptions, ImageSlotsProvider, useImageSlots } from './imageSlots';

// antd popups in jsdom are slow under a parallel run
vi.setConfig({ testTimeout: 20_000 });

/** A form with two image slots and a "save" that runs uploadPending like DetailPage does. */
function Harness(props: { initial?: Record<string, unknown>; options?: ImageSlotsOptions; onSaved: (v: unknown) => void }) {
  return (
    <TestProviders>
      <SlotsForm {...props} />
    </TestProviders>
  );
}

function SlotsForm({
  initial = {},
  options = {},
  onSaved,
}: {
  initial?: Record<string, unknown>;
  options?: ImageSlotsOptions;
  onSaved: (v: unknown) => void;
}) {
  const slots = useImageSlots(options);
  const [form] = Form.useForm();
  return (
    <ImageSlotsProvider value={slots}>
      <Form form={form} initialValues={initial}>
        <Form.Item name="summaryImg">
          <ImageSlot field="summaryImg" label="摘要图片" />
        </Form.Item>
        <Form.Item name="logo">
          <ImageSlot field="logo" label="标志" />
        </Form.Item>
      </Form>
      <button
        type="button"
        onClick={async () => {
          try {
            const values = await slots.uploadPending(form.getFieldsValue(true));
            form.setFieldsValue(values);
            onSaved(values);
          } catch (e) {
            onSaved(e);
          }
        }}
      >
        save
      </button>
      <output data-testid="pending">{Object.keys(slots.pending).join(',')}</output>
    </ImageSlotsProvider>
  );
}

const png = (name = 'a.png') => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
const slot = (field: string) => document.querySelector(`.gk-image-slot[data-field="${field}"]`)!;
const choose = (label: string, file: File) => fireEvent.change(screen.getByLabelText(label), { target: { files: [file] } });

let created = 0;
beforeEach(() => {
  created = 0;
  resetEditorConfig();
  URL.createObjectURL = vi.fn(() => `blob:preview-${++created}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('image slot life (SPEC point 4)', () => {
  it('empty → chosen: previewed locally, not uploaded, the upload button gone', async () => {
    const api = stubFetch({ '/config': () => ({ code: 500, msg: 'no config' }) });
    render(<Harness onSaved={vi.fn()} />);
    expect(slot('summaryImg')).toHaveAttribute('data-state', 'empty');
    choose('摘要图片', png());
    expect(slot('summaryImg')).toHaveAttribute('data-state', 'pending');
    expect(slot('summaryImg').querySelector('img')).toHaveAttribute('src', 'blob:preview-1');
    expect(slot('summaryImg').querySelector('.gk-image-empty')).toBeNull();
    expect(screen.getByText('待上传')).toBeInTheDocument();
    expect(api.of('/upload/upload')).toHaveLength(0);
  });

  it('removing a chosen file only clears it locally', () => {
    const api = stubFetch({});
    render(<Harness onSaved={vi.fn()} />);
    choose('摘要图片', png());
    fireEvent.click(screen.getByRole('button', { name: '移除所选图片' }));
    expect(slot('summaryImg')).toHaveAttribute('data-state', 'empty');
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
    expect(api.calls.filter((c) => c.path.startsWith('/upload'))).toHaveLength(0);
  });

  it('accepts only jpg, png, gif and webp', async () => {
    stubFetch({});
    render(<Harness onSaved={vi.fn()} />);
    choose('摘要图片', new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('只支持 JPG、PNG、GIF、WEBP 格式的图片')).toBeInTheDocument();
    expect(slot('summaryImg')).toHaveAttribute('data-state', 'empty');
    choose('摘要图片', new File(['x'], 'photo.webp', { type: 'image/webp' }));
    expect(slot('summaryImg')).toHaveAttribute('data-state', 'pending');
  });

  it('on save every pending file uploads in parallel and the fields take the URLs the server answers', async () => {
    const resolvers: (() => void)[] = [];
    const api = stubFetch({
      '/upload/upload': () =>
        new Promise((resolve) => {
          const n = resolvers.length;
          resolvers.push(() => {
            const name = n === 0 ? 'aaaa1111aaaa1111.png' : 'bbbb2222bbbb2222.png';
            // the server names the URL; the client never builds one
            resolve({ code: 200, msg: name, message: '上传成功', data: { name, url: `/files/img/${name}` } });
          });
        }),
    });
    const onSaved = vi.fn();
    render(<Harness onSaved={onSaved} initial={{ title: '港口' }} />);
    choose('摘要图片', png('a.png'));
    choose('标志', png('b.png'));
    fireEvent.click(screen.getByText('save'));
    // both uploads are in flight before either answers
    await waitFor(() => expect(api.of('/upload/upload')).toHaveLength(2));
    expect(onSaved).not.toHaveBeenCalled();
    const sent = api.of('/upload/upload').map((c) => (c.body as FormData).get('file') as File);
    expect(sent.map((f) => f.name)).toEqual(['a.png', 'b.png']);
    for (const r of resolvers) r();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(onSaved.mock.calls[0][0]).toEqual({
      title: '港口',
      summaryImg: '/files/img/aaaa1111aaaa1111.png',
      logo: '/files/img/bbbb2222bbbb2222.png',
    });
    expect(screen.getByTestId('pending')).toHaveTextContent('');
    await waitFor(() => expect(slot('summaryImg')).toHaveAttribute('data-state', 'stored'));
    expect(slot('summaryImg').querySelector('img')).toHaveAttribute('src', '/files/img/aaaa1111aaaa1111.png');
  });

  it('a failed upload stops the save, shows the reply message and keeps the file', async () => {
    stubFetch({
      '/upload/upload': ({ body }) =>
        ((body as FormData).get('file') as File).name === 'big.png'
          ? { code: 413, msg: 'too large', message: '图片大小不能超过 10 MB' }
          : { code: 200, msg: 'cccc3333cccc3333.png', data: { name: 'cccc3333cccc3333.png', url: '/img/cccc3333cccc3333.png' } },
    });
    const onSaved = vi.fn();
    render(<Harness onSaved={onSaved} />);
    choose('摘要图片', png('ok.png'));
    choose('标志', png('big.png'));
    fireEvent.click(screen.getByText('save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(onSaved.mock.calls[0][0]).toBeInstanceOf(Error);
    expect(await screen.findByText('图片大小不能超过 10 MB')).toBeInTheDocument();
    expect(screen.getByTestId('pending')).toHaveTextContent('summaryImg,logo');
  });

  it('a page may fix the failure text (contacts: 上传失败，请重试)', async () => {
    stubFetch({ '/upload/upload': () => ({ code: 400, msg: '文件不是有效的图片', message: '文件不是有效的图片' }) });
    const onSaved = vi.fn();
    render(<Harness onSaved={onSaved} options={{ uploadErrorMessage: 'upload.failed' }} />);
    choose('摘要图片', png());
    fireEvent.click(screen.getByText('save'));
    expect(await screen.findByText('上传失败，请重试')).toBeInTheDocument();
    expect(onSaved.mock.calls[0][0]).toBeInstanceOf(Error);
  });

  it('removing a stored image blanks the field and lets the form save it first, then calls delImage', async () => {
    const order: string[] = [];
    const api = stubFetch({
      '/upload/delImage': () => {
        order.push('delImage');
        return { code: 200, msg: '删除成功' };
      },
    });
    const onStoredRemoved = vi.fn(() => {
      order.push('save');
    });
    render(<Harness onSaved={vi.fn()} initial={{ summaryImg: '/img/dddd4444dddd4444.png' }} options={{ onStoredRemoved }} />);
    expect(slot('summaryImg')).toHaveAttribute('data-state', 'stored');
    expect(slot('summaryImg').querySelector('.gk-image-empty')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '删除图片' }));
    fireEvent.click(await screen.findByRole('button', { name: /^确\s?定$/ }));
    await waitFor(() => expect(api.of('/upload/delImage')).toHaveLength(1));
    expect(onStoredRemoved).toHaveBeenCalledWith('summaryImg');
    expect(order).toEqual(['save', 'delImage']);
    expect(api.of('/upload/delImage')[0].query.get('oldFileUrl')).toBe('/img/dddd4444dddd4444.png');
    expect(slot('summaryImg')).toHaveAttribute('data-state', 'empty');
  });

  it('a stored image whose file is gone (delImage 404) is still removed, without an error', async () => {
    const api = stubFetch({ '/upload/delImage': () => ({ code: 404, msg: '图片不存在' }) });
    const onStoredRemoved = vi.fn();
    render(<Harness onSaved={vi.fn()} initial={{ summaryImg: '/img/eeee5555eeee5555.png' }} options={{ onStoredRemoved }} />);
    fireEvent.click(screen.getByRole('button', { name: '删除图片' }));
    fireEvent.click(await screen.findByRole('button', { name: /^确\s?定$/ }));
    await waitFor(() => expect(api.of('/upload/delImage')).toHaveLength(1));
    expect(onStoredRemoved).toHaveBeenCalledWith('summaryImg');
    expect(slot('summaryImg')).toHaveAttribute('data-state', 'empty');
    expect(screen.queryByText('图片不存在')).toBeNull();
  });

  it('a failed save of the blank field keeps the file (delImage is not called)', async () => {
    const api = stubFetch({ '/upload/delImage': () => ({ code: 200, msg: '删除成功' }) });
    const onStoredRemoved = vi.fn(async () => {
      throw new Error('save refused');
    });
    render(<Harness onSaved={vi.fn()} initial={{ summaryImg: '/img/abab5555abab5555.png' }} options={{ onStoredRemoved }} />);
    fireEvent.click(screen.getByRole('button', { name: '删除图片' }));
    fireEvent.click(await screen.findByRole('button', { name: /^确\s?定$/ }));
    await waitFor(() => expect(onStoredRemoved).toHaveBeenCalled());
    expect(api.of('/upload/delImage')).toHaveLength(0);
  });

  it('copies the full URL of a stored image', async () => {
    stubFetch({});
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    render(<Harness onSaved={vi.fn()} initial={{ summaryImg: '/img/ffff6666ffff6666.png' }} />);
    fireEvent.click(screen.getByRole('button', { name: '复制图片地址' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${location.origin}/img/ffff6666ffff6666.png`));
    expect(await screen.findByText('图片地址已复制')).toBeInTheDocument();
  });
});

describe('alt text (替代文字, issue 23)', () => {
  beforeEach(() => useSession.setState({ buttons: ['/upload/upload'] }));
  afterEach(() => useSession.setState({ buttons: [] }));
  const meta = (name: string, alt: string) => ({ name, width: 800, height: 600, format: 'png', bytes: 1234, frames: 1, alt });

  it('a stored image shows its alt text and saves a change on the image when the field is left', async () => {
    const api = stubFetch({
      '/upload/getImageMeta': () => ({ code: 200, msg: '操作成功', data: meta('abab1111abab1111.png', '旧的描述') }),
      '/upload/saveImageAlt': ({ body }) => ({
        code: 200,
        msg: '替代文字已保存',
        data: meta('abab1111abab1111.png', (body as { alt: string }).alt),
      }),
    });
    render(<Harness onSaved={vi.fn()} initial={{ summaryImg: '/img/abab1111abab1111.png' }} />);
    const input = await screen.findByLabelText('替代文字');
    await waitFor(() => expect(input).toHaveValue('旧的描述'));
    expect(api.of('/upload/getImageMeta')[0].body).toEqual({ name: 'abab1111abab1111.png' });
    // leaving it unchanged saves nothing
    fireEvent.blur(input);
    expect(api.of('/upload/saveImageAlt')).toHaveLength(0);
    fireEvent.change(input, { target: { value: '洋山港集装箱码头' } });
    fireEvent.blur(input);
    await waitFor(() => expect(api.of('/upload/saveImageAlt')).toHaveLength(1));
    expect(api.of('/upload/saveImageAlt')[0].body).toEqual({ name: '/img/abab1111abab1111.png', alt: '洋山港集装箱码头' });
    expect(await screen.findByText('替代文字已保存')).toBeInTheDocument();
    expect(input).toHaveValue('洋山港集装箱码头');
  });

  it('the alt text typed for a chosen file is saved on the image right after its upload', async () => {
    const api = stubFetch({
      '/upload/upload': () => ({
        code: 200,
        msg: 'cdcd2222cdcd2222.png',
        data: { name: 'cdcd2222cdcd2222.png', url: '/img/cdcd2222cdcd2222.png' },
      }),
      '/upload/saveImageAlt': () => ({ code: 200, msg: '替代文字已保存', data: meta('cdcd2222cdcd2222.png', '仓库外景') }),
      '/upload/getImageMeta': () => ({ code: 200, msg: '操作成功', data: meta('cdcd2222cdcd2222.png', '仓库外景') }),
    });
    const onSaved = vi.fn();
    render(<Harness onSaved={onSaved} />);
    choose('摘要图片', png());
    fireEvent.change(screen.getByLabelText('替代文字'), { target: { value: '仓库外景' } });
    fireEvent.click(screen.getByText('save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.of('/upload/saveImageAlt').map((c) => c.body)).toEqual([{ name: '/img/cdcd2222cdcd2222.png', alt: '仓库外景' }]);
    expect(onSaved.mock.calls[0][0]).toEqual({ summaryImg: '/img/cdcd2222cdcd2222.png' });
  });

  it('someone who may not upload sees no alt text field', async () => {
    useSession.setState({ buttons: [] });
    const api = stubFetch({});
    render(<Harness onSaved={vi.fn()} initial={{ summaryImg: '/img/efef3333efef3333.png' }} />);
    expect(slot('summaryImg')).toHaveAttribute('data-state', 'stored');
    expect(screen.queryByLabelText('替代文字')).toBeNull();
    expect(api.of('/upload/getImageMeta')).toHaveLength(0);
  });
});

describe('从素材库选择 (issue 26)', () => {
  beforeEach(() => useSession.setState({ buttons: ['/upload/upload'] }));
  afterEach(() => useSession.setState({ buttons: [] }));
  const libRow = {
    name: 'acac3333acac3333.png',
    title: '夜景-码头',
    url: '/img/acac3333acac3333.png',
    bytes: 2048,
    width: 640,
    height: 480,
    format: 'png',
    uploader: 'admin',
    uploadTime: '2026-11-20 10:00:00',
    alt: '码头夜景',
    uses: 2,
  };

  it('an empty slot picks a stored image from the library: the field takes its URL, nothing is uploaded', async () => {
    const api = stubFetch({
      '/media/getMediaPage': () => ({ code: 200, msg: '查询成功', rows: [libRow], total: 1 }),
      '/upload/getImageMeta': () => ({
        code: 200,
        msg: '操作成功',
        data: { name: libRow.name, width: 640, height: 480, format: 'png', bytes: 2048, frames: 1, alt: '码头夜景' },
      }),
    });
    const onSaved = vi.fn();
    render(<Harness onSaved={onSaved} />);
    fireEvent.click(within(slot('summaryImg') as HTMLElement).getByRole('button', { name: /从素材库选择/ }));
    const card = await screen.findByTitle('码头夜景');
    fireEvent.click(card);
    fireEvent.click(screen.getByRole('button', { name: '使用这张图片' }));
    await waitFor(() => expect(slot('summaryImg')).toHaveAttribute('data-state', 'stored'));
    expect(slot('summaryImg').querySelector('img')).toHaveAttribute('src', libRow.url);
    expect(await screen.findByDisplayValue('码头夜景')).toBeInTheDocument();
    fireEvent.click(screen.getByText('save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(onSaved.mock.calls[0][0]).toEqual({ summaryImg: libRow.url });
    expect(api.of('/upload/upload')).toHaveLength(0);
  });

  it('the picker shows each image by its title and searches titles', async () => {
    const other = { ...libRow, name: 'bdbd4444bdbd4444.png', url: '/img/bdbd4444bdbd4444.png', title: null, alt: '' };
    const api = stubFetch({
      '/media/getMediaPage': ({ body }) => {
        const kw = (body as { keyword?: string }).keyword;
        const rows = [libRow, other].filter((r) => !kw || r.title?.includes(kw) || r.name.includes(kw));
        return { code: 200, msg: '查询成功', rows, total: rows.length };
      },
    });
    render(<Harness onSaved={vi.fn()} />);
    fireEvent.click(within(slot('summaryImg') as HTMLElement).getByRole('button', { name: /从素材库选择/ }));
    const picker = () => document.querySelector('.gk-media-picker') as HTMLElement;
    expect(await within(await waitFor(picker)).findByText('夜景-码头')).toBeInTheDocument();
    expect(within(picker()).getByText(other.name)).toBeInTheDocument();
    const search = within(picker()).getByLabelText('名称、文件名或替代文字');
    fireEvent.change(search, { target: { value: '夜景' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(within(picker()).queryByText(other.name)).toBeNull());
    expect(within(picker()).getByText('夜景-码头')).toBeInTheDocument();
    expect(api.of('/media/getMediaPage').at(-1)?.body).toMatchObject({ keyword: '夜景' });
  });

  it('without the right to upload, no library button', () => {
    useSession.setState({ buttons: [] });
    stubFetch({});
    render(<Harness onSaved={vi.fn()} />);
    expect(screen.queryByRole('button', { name: /从素材库选择/ })).toBeNull();
  });
});
