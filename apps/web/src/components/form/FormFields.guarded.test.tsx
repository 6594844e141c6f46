import { newsResource, userInfoResource } from '@gk/contracts';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { Form } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../stores/session';
import { TestProviders } from '../test-utils';
import { FormFields } from './FormFields';

/** A field a button guards (置顶 without 新闻置顶) is disabled in the form, with the tooltip every missing permission shows. */
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => useSession.setState({ buttons: [] }));

function renderForm(resource: typeof newsResource | typeof userInfoResource, names: string[], values: Record<string, unknown>) {
  let saved: Record<string, unknown> = {};
  function Harness() {
    const [form] = Form.useForm();
    return (
      <Form form={form} initialValues={values} onFinish={(v) => (saved = v)}>
        <Form.Item name="id" hidden>
          <input />
        </Form.Item>
        <FormFields resource={resource} fields={names.map((name) => ({ name }))} />
        <button type="submit">提交</button>
      </Form>
    );
  }
  render(
    <TestProviders>
      <Harness />
    </TestProviders>,
  );
  return () => saved;
}

const switchOf = (label: string) => within(screen.getByText(label).closest('.ant-form-item') as HTMLElement).getByRole('switch');

describe('FormFields: fields guarded by a button', () => {
  it('置顶 without 新闻置顶 is disabled with the missing-permission tooltip; 热门 with 新闻热门 stays usable; the value is kept', async () => {
    useSession.setState({ buttons: ['/news/saveNews', '/news/upisHot'] });
    renderForm(newsResource, ['isTop', 'isHot'], { id: 7, isTop: 1, isHot: 0 });
    const top = switchOf('置顶');
    expect(top).toBeDisabled();
    expect(top).toBeChecked();
    expect(switchOf('热门')).toBeEnabled();
    fireEvent.mouseEnter(top.closest('.gk-tooltip-wrap')!);
    expect(await screen.findByText('没有此操作的权限，请联系管理员分配')).toBeInTheDocument();
  });

  it('the holder of both buttons gets both switches', () => {
    useSession.setState({ buttons: ['/news/saveNews', '/news/upisTop', '/news/upisHot'] });
    renderForm(newsResource, ['isTop', 'isHot'], { id: 7, isTop: 0, isHot: 0 });
    expect(switchOf('置顶')).toBeEnabled();
    expect(switchOf('热门')).toBeEnabled();
  });

  it('a new record: a guarded field with a default is disabled; one without a default (an account’s 启用) may be chosen', () => {
    useSession.setState({ buttons: ['/news/saveNews'] });
    renderForm(newsResource, ['isTop'], { isTop: 0 });
    expect(switchOf('置顶')).toBeDisabled();
  });

  it('an account’s 启用 on create is free', () => {
    useSession.setState({ buttons: ['/userInfo/saveUserInfo'] });
    renderForm(userInfoResource, ['enableFlag'], { enableFlag: 1 });
    expect(switchOf('是否启用')).toBeEnabled();
  });

  it('an account’s 启用 on edit without its button is disabled', () => {
    useSession.setState({ buttons: ['/userInfo/saveUserInfo'] });
    renderForm(userInfoResource, ['enableFlag'], { id: 3, enableFlag: 1 });
    expect(switchOf('是否启用')).toBeDisabled();
  });
});
