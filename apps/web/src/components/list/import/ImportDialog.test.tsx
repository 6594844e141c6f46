import { type ImportCheckReply, importEndpoints, linkResource, type ResourceDef } from '@gk/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/token';
import { useSession } from '../../../stores/session';
import { routed, stubFetch, TestProviders } from '../../test-utils';
import { ListPage } from '../ListPage';

vi.setConfig({ testTimeout: 30_000 });

const LINKS: ResourceDef = { ...linkResource, importable: { key: 'name' } };
const LIST = linkResource.endpoints.list!.path;
const SAVE = linkResource.endpoints.save!.path;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** one multipart call the dialog sent through XMLHttpRequest (upload progress), as the fake server saw it */
interface FormCall {
  path: string;
  headers: Record<string, string>;
  fields: Record<string, string>;
  file: File | null;
}
type FormHandler = (c: FormCall) => unknown | Promise<unknown>;

/** XMLHttpRequest as the dialog uses it: upload progress, then the JSON reply of the handler of the path */
function stubXhr(handlers: Record<string, FormHandler>) {
  const calls: FormCall[] = [];
  class FakeXhr {
    upload: { onprogress: ((e: ProgressEvent) => void) | null; onload: (() => void) | null } = { onprogress: null, onload: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    responseType = '';
    responseText = '';
    status = 0;
    private path = '';
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.path = new URL(url, 'http://localhost').pathname.replace(/^\/api/, '');
    }
    setRequestHeader(k: string, v: string) {
      this.headers[k] = v;
    }
    abort() {
      this.onabort?.();
    }
    send(body: FormData) {
      const fields: Record<string, string> = {};
      let file: File | null = null;
      for (const [k, v] of body.entries()) {
        if (typeof v === 'string') fields[k] = v;
        else file = v as File;
      }
      const call = { path: this.path, headers: this.headers, fields, file };
      calls.push(call);
      void (async () => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 } as ProgressEvent);
        await Promise.resolve();
        this.upload.onload?.();
        const h = handlers[this.path];
        const reply = h ? await h(call) : { code: 404, msg: `no handler for ${this.path}` };
        this.status = 200;
        this.responseText = JSON.stringify(reply);
        this.onload?.();
      })();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return { calls, of: (path: string) => calls.filter((c) => c.path === path) };
}

function api() {
  return stubFetch({
    [LIST]: () => ({
      code: 200,
      msg: '查询成功',
      total: 1,
      rows: [{ id: 1, name: '海关总署', url: 'https://www.customs.gov.cn', sortNo: 1, enableFlag: 1 }],
    }),
    '/KJ/GetUserTabFiledNameConfig': () => ({ success: true, message: 'ok', data: { baseFileds: [], sysFileds: [], selectFileds: [] } }),
  });
}

function renderList(resource: ResourceDef = LINKS) {
  const { ui } = routed(<ListPage resource={resource} />, { path: '/link/link-list' });
  render(<TestProviders>{ui}</TestProviders>);
}

const toolbar = () => document.querySelector('.gk-list-toolbar') as HTMLElement;
const dialog = () => document.querySelector('.gk-import') as HTMLElement;
const xlsxFile = (name = 'links.xlsx') => new File([new Uint8Array([0x50, 0x4b, 3, 4])], name, { type: XLSX });

async function openDialog() {
  await screen.findByText('海关总署');
  fireEvent.click(within(toolbar()).getByRole('button', { name: /导\s?入/ }));
  await screen.findByText('导入友情链接');
}

function drop(file: File) {
  const input = dialog().querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
}

const CHECK_WITH_ERRORS: ImportCheckReply = {
  rows: 4,
  adds: 2,
  updates: 1,
  errors: [{ row: 4, column: '链接地址', msg: '请输入以 http:// 或 https:// 开头的网址' }],
  preview: [
    { row: 2, action: 'add', values: { 名称: '宁波港', 链接地址: 'https://www.nbport.com.cn' } },
    { row: 3, action: 'add', values: { 名称: '上海港', 链接地址: 'https://www.portshanghai.com.cn' } },
    { row: 5, action: 'update', values: { 名称: '海关总署', 链接地址: 'https://www.customs.gov.cn/new' } },
  ],
};

beforeEach(() => {
  sessionStorage.clear();
  setToken('tok-1');
  useSession.setState({ buttons: [SAVE] });
});
afterEach(() => vi.unstubAllGlobals());

describe('导入 on the list', () => {
  it('stands beside 导出 for a resource that declares importable, to holders of its save permission', async () => {
    api();
    renderList();
    await screen.findByText('海关总署');
    const names = within(toolbar())
      .getAllByRole('button')
      .map((b) => b.textContent?.replace(/\s/g, ''));
    expect(names.indexOf('导入')).toBe(names.indexOf('导出') - 1);
    expect(within(toolbar()).getByRole('button', { name: /导\s?入/ })).toBeEnabled();
  });

  it('is disabled with the missing-permission look without the save permission', async () => {
    useSession.setState({ buttons: [] });
    api();
    renderList();
    await screen.findByText('海关总署');
    const button = within(toolbar()).getByRole('button', { name: /导\s?入/ });
    expect(button).toBeDisabled();
    expect(button.closest('[data-denied]')).not.toBeNull();
  });

  it('is not offered on a list whose resource is not importable', async () => {
    api();
    renderList({ ...linkResource, importable: undefined });
    await screen.findByText('海关总署');
    expect(within(toolbar()).queryByRole('button', { name: /导\s?入/ })).toBeNull();
    expect(within(toolbar()).getByRole('button', { name: /导\s?出/ })).toBeInTheDocument();
  });
});

describe('the import dialog', () => {
  it('checks the file first (upload, then 正在校验), shows adds, updates and each error by row and column; 仅导入有效行 imports the rest', async () => {
    const s = api();
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const x = stubXhr({
      [importEndpoints.checkImport.path]: async () => {
        await held;
        return { code: 200, msg: '校验完成', data: CHECK_WITH_ERRORS };
      },
      [importEndpoints.doImport.path]: () => ({ code: 200, msg: '导入成功', data: { id: 12, adds: 2, updates: 1, skipped: 1 } }),
    });
    renderList();
    await openDialog();
    drop(xlsxFile());
    // the server's step runs: nothing is written yet
    expect(await within(dialog()).findByText('正在校验 links.xlsx 的每一行…')).toBeInTheDocument();
    expect(x.of(importEndpoints.checkImport.path)).toHaveLength(1);
    const sent = x.of(importEndpoints.checkImport.path)[0];
    expect(sent.fields).toEqual({ resource: 'link' });
    expect(sent.file?.name).toBe('links.xlsx');
    expect(sent.headers.token).toBe('tok-1');
    release();

    expect(await within(dialog()).findByText('新增 2')).toBeInTheDocument();
    expect(within(dialog()).getByText('更新 1')).toBeInTheDocument();
    expect(within(dialog()).getByText('错误 1')).toBeInTheDocument();
    expect(within(dialog()).getByText('共 4 行数据')).toBeInTheDocument();
    const errors = dialog().querySelector('.gk-import-errors') as HTMLElement;
    const errorRow = within(errors).getByText('请输入以 http:// 或 https:// 开头的网址').closest('tr') as HTMLElement;
    expect([...errorRow.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      '4',
      '链接地址',
      '请输入以 http:// 或 https:// 开头的网址',
    ]);
    const preview = dialog().querySelector('.gk-import-preview') as HTMLElement;
    expect(within(preview).getByText('宁波港')).toBeInTheDocument();
    expect(within(preview).getByText('https://www.customs.gov.cn/new').closest('tr')).toHaveTextContent('更新');

    // a file with errors is not imported whole
    const footer = dialog().querySelector('.ant-modal-footer') as HTMLElement;
    expect(within(footer).getByRole('button', { name: '全部导入' })).toBeDisabled();
    const listCalls = s.of(LIST).length;
    fireEvent.click(within(footer).getByRole('button', { name: '仅导入有效行' }));
    await waitFor(() => expect(x.of(importEndpoints.doImport.path)).toHaveLength(1));
    const run = x.of(importEndpoints.doImport.path)[0];
    expect(run.fields).toEqual({ resource: 'link', mode: 'valid' });
    expect(run.file?.name).toBe('links.xlsx');
    expect(await screen.findByText('导入完成：新增 2 条，更新 1 条，跳过 1 行')).toBeInTheDocument();
    // the dialog closes and the list shows what was imported
    await waitFor(() => expect(document.querySelector('.gk-import')).toBeNull());
    await waitFor(() => expect(s.of(LIST).length).toBeGreaterThan(listCalls));
  });

  it('全部导入 imports a file without errors', async () => {
    api();
    const x = stubXhr({
      [importEndpoints.checkImport.path]: () => ({
        code: 200,
        msg: 'ok',
        data: { ...CHECK_WITH_ERRORS, rows: 3, errors: [] },
      }),
      [importEndpoints.doImport.path]: () => ({ code: 200, msg: 'ok', data: { id: 13, adds: 2, updates: 1, skipped: 0 } }),
    });
    renderList();
    await openDialog();
    drop(xlsxFile());
    expect(await within(dialog()).findByText('没有错误，可以全部导入。')).toBeInTheDocument();
    const footer = dialog().querySelector('.ant-modal-footer') as HTMLElement;
    fireEvent.click(within(footer).getByRole('button', { name: '全部导入' }));
    await waitFor(() => expect(x.of(importEndpoints.doImport.path)).toHaveLength(1));
    expect(x.of(importEndpoints.doImport.path)[0].fields.mode).toBe('all');
    expect(await screen.findByText('导入完成：新增 2 条，更新 1 条，跳过 0 行')).toBeInTheDocument();
  });

  it("shows the server's refusal of a bad file in place, sends nothing for a file that is not .xlsx", async () => {
    api();
    const x = stubXhr({
      [importEndpoints.checkImport.path]: () => ({ code: 400, msg: '文件有合并单元格（A2:B2），请取消合并后重新上传' }),
    });
    renderList();
    await openDialog();
    drop(new File(['a,b'], 'links.csv', { type: 'text/csv' }));
    expect(await within(dialog()).findByText('请选择 .xlsx 文件')).toBeInTheDocument();
    expect(x.calls).toHaveLength(0);

    drop(xlsxFile('merged.xlsx'));
    expect(await within(dialog()).findByText('校验失败：文件有合并单元格（A2:B2），请取消合并后重新上传')).toBeInTheDocument();
    // the operator can pick another file at once; nothing was imported
    expect(dialog().querySelector('input[type=file]')).not.toBeNull();
    expect(x.of(importEndpoints.doImport.path)).toHaveLength(0);
  });

  it('下载模板 fetches the template of the resource with the token and saves it as an .xlsx file', async () => {
    const base = api();
    const got: { url: string; token?: string }[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (!url.includes(importEndpoints.getTemplate.path)) return base.fn(input, init);
      got.push({ url, token: (init?.headers as Record<string, string>)?.token });
      return new Response(new Uint8Array([0x50, 0x4b, 3, 4]), { status: 200, headers: { 'content-type': XLSX } });
    });
    const saved: string[] = [];
    // jsdom has no object URLs
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = () => 'blob:template';
    URL.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderList();
    await openDialog();
    fireEvent.click(within(dialog()).getByRole('button', { name: /下载模板/ }));
    await waitFor(() => expect(saved).toEqual(['友情链接导入模板.xlsx']));
    expect(got).toHaveLength(1);
    expect(new URL(got[0].url, 'http://localhost').searchParams.get('resource')).toBe('link');
    expect(got[0].token).toBe('tok-1');
    click.mockRestore();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
  });
});
