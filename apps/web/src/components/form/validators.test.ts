import { newsResource, newsTypeResource } from '@gk/contracts';
import { formResource, schemaRequires } from '@gk/contracts/form';
import type { FormInstance, FormRule } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { plainData } from '../../../vite-plugin-contracts';
import { type FormResourceLike, formFactsOf, loadSaveSchema, schemaSourceOf } from './saveSchema';
import { fieldIssue, schemaRule } from './schemaRules';
import { rules } from './validators';

/** Runs an antd rule object as the form would: resolves with null when valid, else the message. */
async function run(rule: FormRule, value: unknown, form?: Partial<FormInstance>): Promise<string | null> {
  const r = typeof rule === 'function' ? rule(form as FormInstance) : rule;
  try {
    await r.validator!({} as never, value, () => undefined);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

afterEach(() => {
  vi.useRealTimers();
});

describe('antd rule adapters over the contracts validators', () => {
  it('phone or landline: mobile 1[34578]+9 digits or area code-7/8 digits; empty allowed', async () => {
    const rule = rules.phoneOrLandline();
    expect(await run(rule, '13812345678')).toBeNull();
    expect(await run(rule, '010-1234567')).toBeNull();
    expect(await run(rule, '0755-12345678')).toBeNull();
    expect(await run(rule, '')).toBeNull();
    expect(await run(rule, undefined)).toBeNull();
    expect(await run(rule, '12812345678')).toBe('请输入正确的电话号码或者固话号码');
    expect(await run(rule, '010 1234567')).toBe('请输入正确的电话号码或者固话号码');
  });

  it('landline only and mobile only', async () => {
    expect(await run(rules.landline(), '010-1234567')).toBeNull();
    expect(await run(rules.landline(), '13812345678')).toBe('请输入正确的固话（格式：区号+号码，如010-1234567）');
    expect(await run(rules.mobile(), '15912345678')).toBeNull();
    expect(await run(rules.mobile(), '010-1234567')).toBe('请输入正确的电话号码');
    expect(await run(rules.mobile(), 13912345678)).toBeNull();
  });

  it('ID number: 15 or 18 digits, or 17 digits and X', async () => {
    const rule = rules.idNumber();
    expect(await run(rule, '110101199003074514')).toBeNull();
    expect(await run(rule, '11010119900307451X')).toBeNull();
    expect(await run(rule, '110101900307451')).toBeNull();
    expect(await run(rule, '1101011990030745')).toBe('请输入正确的身份证号码');
    expect(await run(rule, '11010119900307451Y')).toBe('请输入正确的身份证号码');
  });

  it('email and password characters', async () => {
    expect(await run(rules.email(), 'ops@port.example.com')).toBeNull();
    expect(await run(rules.email(), 'ops@port')).toBe('请输入正确的邮箱地址');
    expect(await run(rules.passwordChars(), 'Admin_123')).toBeNull();
    expect(await run(rules.passwordChars(), 'Admin-123')).toBe('密码仅由英文字母，数字以及下划线组成');
    expect(await run(rules.passwordChars(), '密码123')).toBe('密码仅由英文字母，数字以及下划线组成');
  });

  it('required text must not be blank nor start with white space (必填)', async () => {
    const rule = rules.requiredText();
    expect(await run(rule, 'abc')).toBeNull();
    expect(await run(rule, '')).toBe('必填');
    expect(await run(rule, null)).toBe('必填');
    expect(await run(rule, ' abc')).toBe('必填');
  });

  it('sort number: non-negative, at most 6 decimals, no leading zeros', async () => {
    const rule = rules.sortNo();
    expect(await run(rule, '12.123456')).toBeNull();
    expect(await run(rule, 0)).toBeNull();
    expect(await run(rule, '')).toBeNull();
    expect(await run(rule, '1.1234567')).toBe('只能输入数字');
    expect(await run(rule, '01')).toBe('只能输入数字');
    expect(await run(rule, '-1')).toBe('只能输入数字');
  });

  it('positive number answers only after 100 ms (SPEC point 9)', async () => {
    vi.useFakeTimers();
    const rule = rules.positiveNumber();
    let settled: string | null | undefined;
    void run(rule, '0').then((m) => {
      settled = m;
    });
    await vi.advanceTimersByTimeAsync(99);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe('请输入大于0的数字');

    let empty: string | null | undefined;
    void run(rule, '').then((m) => {
      empty = m;
    });
    await vi.advanceTimersByTimeAsync(100);
    expect(empty).toBe('输入不可以为空');

    let ok: string | null | undefined = 'pending';
    void run(rule, '2.5').then((m) => {
      ok = m;
    });
    await vi.advanceTimersByTimeAsync(100);
    expect(ok).toBeNull();
  });
});

describe('rules from the contracts save schema', () => {
  const form = (values: Record<string, unknown>) => ({ getFieldsValue: () => values }) as unknown as Partial<FormInstance>;

  it('gives the server message of the field (news title / type)', () => {
    expect(fieldIssue(newsResource.save, 'title', { title: '' })).toBe('标题不得为空');
    expect(fieldIssue(newsResource.save, 'title', { title: '  x' })).toBe('必填');
    expect(fieldIssue(newsResource.save, 'title', { title: 'a'.repeat(201) })).toBe('不能超过200个字符');
    expect(fieldIssue(newsResource.save, 'type', {})).toBe('新闻类型不得为空');
    expect(fieldIssue(newsResource.save, 'title', { title: '港口新闻' })).toBeNull();
  });

  it('marks the fields the schema requires', () => {
    expect(schemaRequires(newsResource.save, 'title')).toBe(true);
    expect(schemaRequires(newsResource.save, 'type')).toBe(true);
    expect(schemaRequires(newsResource.save, 'summary')).toBe(false);
    expect(schemaRequires(newsTypeResource.save, 'sortNo')).toBe(false);
  });

  it('the antd rule checks one field against the whole form', async () => {
    const rule = schemaRule(newsTypeResource.save, 'sortNo');
    expect(await run(rule, 'abc', form({ code: 'a', name: 'b' }))).toBe('排序只能输入数字');
    expect(await run(rule, '3.5', form({ code: 'a', name: 'b' }))).toBeNull();
    // another field's problem is not this field's message
    expect(await run(rule, '3', form({ code: '', name: '' }))).toBeNull();
    expect(await run(schemaRule(newsTypeResource.save, 'code'), '', form({ name: 'b' }))).toBe('类型编码不能为空');
  });
});

describe("a detail screen's plain description (no zod at first paint)", () => {
  const form = (values: Record<string, unknown>) => ({ getFieldsValue: () => values }) as unknown as Partial<FormInstance>;
  /** what a build makes of `formResource(contracts.newsResource)`: plain data, the schema left out */
  const plain = (): FormResourceLike =>
    plainData(formResource(newsResource), 'newsResource', (m) => {
      throw new Error(m);
    }) as FormResourceLike;

  it('carries the asterisks and guarded fields the schema gives', () => {
    const built = plain();
    expect(built.save).toBeUndefined();
    for (const f of newsResource.fields)
      expect(formFactsOf(built).required.includes(f.name), f.name).toBe(schemaRequires(newsResource.save, f.name));
    expect(formFactsOf(built).required).toEqual(expect.arrayContaining(['title', 'type']));
    expect(formFactsOf(built)).toEqual(formFactsOf(newsResource));
    expect(formFactsOf(built).guarded.map((g) => g.name)).toEqual(expect.arrayContaining(['isTop']));
  });

  it('its rules wait for the schema to load and give the same messages, cross-field rules included', async () => {
    const built = plain();
    const source = schemaSourceOf(built);
    expect(typeof source).toBe('function');
    expect(await loadSaveSchema(built)).toBe(newsResource.save);
    expect(await run(schemaRule(source, 'title'), '', form({}))).toBe('标题不得为空');
    expect(await run(schemaRule(source, 'type'), undefined, form({ title: 'x' }))).toBe('新闻类型不得为空');
    const late = { title: 'x', type: 1, publishTime: '2026-03-02 10:00:00', offlineTime: '2026-03-01 10:00:00' };
    const message = fieldIssue(newsResource.save, 'offlineTime', late);
    expect(message).toBeTruthy();
    expect(await run(schemaRule(source, 'offlineTime'), late.offlineTime, form(late))).toBe(message);
    expect(await run(schemaRule(source, 'title'), '港口新闻', form({ type: 1 }))).toBeNull();
  });
});
