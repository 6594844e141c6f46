import { stripChinese, userInfoResource } from '@gk/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DialogForm, type DialogFormConfig } from './DialogForm';
import { stubFetch, TestProviders } from './test-utils';

/** Dialog fields that depend on the record: the user dialog's password (required on create, optional on edit). */
vi.setConfig({ testTimeout: 20_000 });

const config: DialogFormConfig = {
  fields: (record) => [
    { name: 'userName' },
    record
      ? { name: 'password', widget: 'password', normalize: stripChinese, placeholder: 'userInfo.passwordKeep' }
      : { name: 'password', widget: 'password', normalize: stripChinese, required: true },
    { name: 'enableFlag', required: true },
  ],
  defaults: { enableFlag: 1 },
};

const input = (label: string) => screen.getByLabelText(label, { selector: 'input' });
const save = () => fireEvent.click(screen.getByText(/^保\s?存$/).closest('button')!);

afterEach(() => vi.unstubAllGlobals());

describe('DialogForm: fields per record', () => {
  it('a new user needs a password; Chinese characters are dropped as typed', async () => {
    const api = stubFetch({ '/userInfo/saveUserInfo': () => ({ code: 200, msg: '保存成功', data: { id: 5 } }) });
    const onSaved = vi.fn();
    render(
      <TestProviders>
        <DialogForm resource={userInfoResource} config={config} record={null} onClose={() => undefined} onSaved={onSaved} />
      </TestProviders>,
    );
    fireEvent.change(input('用户名'), { target: { value: 'newuser' } });
    save();
    expect(await screen.findByText('密码不得为空')).toBeInTheDocument();
    expect(input('密码').closest('.ant-form-item')!.querySelector('.ant-form-item-required')).not.toBeNull();
    fireEvent.change(input('密码'), { target: { value: 'abc中文_12345' } });
    expect(input('密码')).toHaveValue('abc_12345');
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.of('/userInfo/saveUserInfo')[0].body).toEqual({ userName: 'newuser', password: 'abc_12345', enableFlag: 1 });
  });

  it('editing keeps an empty password (placeholder says so) and rejects more than 30 characters', async () => {
    const api = stubFetch({ '/userInfo/saveUserInfo': () => ({ code: 200, msg: '保存成功', data: { id: 2 } }) });
    const onSaved = vi.fn();
    render(
      <TestProviders>
        <DialogForm
          resource={userInfoResource}
          config={config}
          record={{ id: 2, userName: 'editor1', enableFlag: 1 }}
          onClose={() => undefined}
          onSaved={onSaved}
        />
      </TestProviders>,
    );
    expect(input('密码')).toHaveAttribute('placeholder', '留空则保留原密码');
    fireEvent.change(input('密码'), { target: { value: 'a'.repeat(31) } });
    save();
    expect(await screen.findByText('密码不得超过30位')).toBeInTheDocument();
    fireEvent.change(input('密码'), { target: { value: '' } });
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.of('/userInfo/saveUserInfo')[0].body).toMatchObject({ id: 2, userName: 'editor1', password: '' });
  });
});
