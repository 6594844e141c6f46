import { companyResource } from '@gk/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../stores/session';
import { DetailPage, type DetailSection } from './DetailPage';
import { resetEditorConfig } from './richtext/editorConfig';
import { routed, stubFetch, TestProviders } from './test-utils';

/** A single-record resource (the company profile): no list, no id. */
vi.setConfig({ testTimeout: 20_000 });

const sections: DetailSection[] = [{ key: 'basic', title: 'ui.section.basic', fields: [{ name: 'name' }, { name: 'phone' }] }];

function renderSingle() {
  const { ui, router } = routed(<DetailPage resource={companyResource} sections={sections} single />, { path: '/contact/company-details' });
  render(<TestProviders>{ui}</TestProviders>);
  return router;
}

const input = (label: string) => screen.getByLabelText(label, { selector: 'input,textarea' });
const button = (text: RegExp) => screen.getByText(text).closest('button')!;

beforeEach(() => {
  resetEditorConfig();
  useSession.setState({ buttons: ['/company/saveCompany'] });
});
afterEach(() => vi.unstubAllGlobals());

describe('DetailPage: a single record', () => {
  it('reads it without an id, saves it, reloads it and stays', async () => {
    let stored: Record<string, unknown> = { id: null, name: '', phone: '' };
    const api = stubFetch({
      '/company/getCompany': () => ({ code: 200, msg: 'ok', data: stored }),
      '/company/saveCompany': ({ body }) => {
        stored = { ...stored, ...(body as object), id: 1 };
        return { code: 200, msg: '保存成功', data: stored };
      },
    });
    const router = renderSingle();
    expect(await screen.findByText('公司信息')).toBeInTheDocument();
    await waitFor(() => expect(api.of('/company/getCompany')).toHaveLength(1));
    expect(api.of('/company/getCompany')[0].query.has('id')).toBe(false);
    expect(screen.queryByLabelText('返回列表')).toBeNull();

    fireEvent.click(button(/^保\s?存$/));
    expect(await screen.findByText('公司名称不得为空')).toBeInTheDocument();
    fireEvent.change(input('公司名称'), { target: { value: '华通国际物流' } });
    fireEvent.click(button(/^保\s?存$/));
    await waitFor(() => expect(api.of('/company/getCompany')).toHaveLength(2));
    // not stored yet: no id sent
    expect(api.of('/company/saveCompany')[0].body).toMatchObject({ name: '华通国际物流' });
    expect(api.of('/company/saveCompany')[0].body).not.toHaveProperty('id', expect.anything());
    expect(router.state.location.pathname).toBe('/contact/company-details');

    // the second save sends the stored id
    fireEvent.change(input('电话'), { target: { value: '021-12345678' } });
    fireEvent.click(button(/^保\s?存$/));
    await waitFor(() => expect(api.of('/company/saveCompany')).toHaveLength(2));
    expect(api.of('/company/saveCompany')[1].body).toMatchObject({ id: 1, name: '华通国际物流', phone: '021-12345678' });
  });

  it('放弃修改 puts the stored values back (enabled only with changes)', async () => {
    stubFetch({ '/company/getCompany': () => ({ code: 200, msg: 'ok', data: { id: 1, name: '华通', phone: '1' } }) });
    renderSingle();
    await waitFor(() => expect(input('公司名称')).toHaveValue('华通'));
    expect(button(/^放弃修改$/)).toBeDisabled();
    fireEvent.change(input('公司名称'), { target: { value: '改了' } });
    expect(screen.getByText('有未保存的修改')).toBeInTheDocument();
    fireEvent.click(button(/^放弃修改$/));
    await waitFor(() => expect(input('公司名称')).toHaveValue('华通'));
    expect(screen.queryByText('有未保存的修改')).toBeNull();
  });
});
