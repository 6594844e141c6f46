import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Feedback, feedback, setFeedback, setFeedbackHost, setFeedbackHostLoader } from './feedback';

/** A holder's stand-in: records what was shown; its dialogs settle the way antd's hook dialogs do (a thenable). */
function holder(answer: boolean | 'reject' = true) {
  const shown: string[] = [];
  const dialog = (kind: string) =>
    vi.fn((config: { title?: unknown }) => {
      shown.push(`${kind}:${String(config.title)}`);
      // biome-ignore lint/suspicious/noThenProperty: antd's hook dialogs are thenables, and this stands in for one
      return { then: (ok: (v: boolean) => unknown, ko: () => unknown) => (answer === 'reject' ? ko() : ok(answer)) };
    });
  const f = {
    message: {
      error: vi.fn((c: unknown) => shown.push(`error:${String(c)}`)),
      success: vi.fn((c: unknown) => shown.push(`success:${String(c)}`)),
      warning: vi.fn(),
      info: vi.fn(),
      loading: vi.fn((c: unknown) => shown.push(`loading:${String(c)}`)),
    },
    modal: { confirm: dialog('confirm'), error: dialog('error') },
  } as unknown as Feedback;
  return { f, shown };
}

afterEach(() => {
  setFeedback(null);
  setFeedbackHost(null);
  // the app's loader (test/setup.ts) again, for the other files
  setFeedbackHostLoader(() => import('../app/antd').then((m) => m.mountFeedback().then(() => m)));
});

describe('feedback', () => {
  it('runs a call at once when the holder is there', async () => {
    const { f, shown } = holder();
    setFeedback(f);
    feedback().message.success('已保存');
    expect(shown).toEqual(['success:已保存']);
    await expect(feedback().modal.confirm({ title: '删除？' })).resolves.toBe(true);
  });

  it('loads the holder with the first call and runs the calls made meanwhile, in order', async () => {
    const { f, shown } = holder(false);
    let mount: (() => void) | null = null;
    const loader = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          mount = () => {
            setFeedbackHost(f);
            resolve();
          };
        }),
    );
    setFeedbackHostLoader(loader);
    feedback().message.loading('导出中');
    const answer = feedback().modal.confirm({ title: '删除？' });
    feedback().message.error('失败');
    expect(loader).toHaveBeenCalledTimes(1);
    expect(shown).toEqual([]);
    mount!();
    expect(shown).toEqual(['loading:导出中', 'confirm:删除？', 'error:失败']);
    // cancelled: the caller learns it was not confirmed
    await expect(answer).resolves.toBe(false);
  });

  it('answers "not confirmed" when the holder cannot load, and tries again on the next call', async () => {
    const { f, shown } = holder();
    const loader = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockImplementationOnce(() => {
        setFeedbackHost(f);
        return Promise.resolve();
      });
    setFeedbackHostLoader(loader);
    await expect(feedback().modal.confirm({ title: '删除？' })).resolves.toBe(false);
    await expect(feedback().modal.error({ title: '不能删除' })).resolves.toBe(true);
    expect(loader).toHaveBeenCalledTimes(2);
    expect(shown).toEqual(['error:不能删除']);
  });

  it('a dialog that fails to open counts as not confirmed', async () => {
    setFeedback(holder('reject').f);
    await expect(feedback().modal.confirm({ title: '删除？' })).resolves.toBe(false);
  });
});
