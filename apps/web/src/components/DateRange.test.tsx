import { fireEvent, render, screen } from '@testing-library/react';
import { Form } from 'antd';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import { DateRange, type DateRangeValue, datePresets, dateRangeRule, disableEnd, disableStart, rangeIssue } from './DateRange';
import { TestProviders } from './test-utils';

// antd popups in jsdom are slow under a parallel run
vi.setConfig({ testTimeout: 20_000 });

describe('date range rules (SPEC point 5)', () => {
  it('the start picker disables days after the stop', () => {
    const off = disableStart('2026-03-10');
    expect(off(dayjs('2026-03-11'))).toBe(true);
    expect(off(dayjs('2026-03-10 18:00'))).toBe(false);
    expect(off(dayjs('2026-03-01'))).toBe(false);
    expect(disableStart(null)(dayjs('2099-01-01'))).toBe(false);
  });

  it('the stop picker disables days before the start', () => {
    const off = disableEnd('2026-03-10');
    expect(off(dayjs('2026-03-09'))).toBe(true);
    expect(off(dayjs('2026-03-10 00:30'))).toBe(false);
    expect(off(dayjs('2026-04-01'))).toBe(false);
    expect(disableEnd('')(dayjs('2000-01-01'))).toBe(false);
  });

  it('an out-of-order pair gives v.dateRange from the start and v.dateRangeEnd from the stop', () => {
    expect(rangeIssue(['2026-03-11', '2026-03-10'], 'start')).toBe('v.dateRange');
    expect(rangeIssue(['2026-03-11', '2026-03-10'], 'end')).toBe('v.dateRangeEnd');
    expect(rangeIssue(['2026-03-10', '2026-03-10'])).toBeNull();
    expect(rangeIssue([null, '2026-03-10'])).toBeNull();
  });

  it('the form rule says 开始时间不能晚于结束时间', async () => {
    const rule = dateRangeRule() as { validator: (r: unknown, v: DateRangeValue) => Promise<void> };
    await expect(rule.validator({}, ['2026-03-11', '2026-03-10'])).rejects.toThrow('开始时间不能晚于结束时间');
    await expect(rule.validator({}, ['2026-03-01', '2026-03-10'])).resolves.toBeUndefined();
  });

  it('presets end today: today, last week (7 days), last month (30), last three months (90)', () => {
    const now = () => dayjs('2026-05-20 15:30');
    const got = Object.fromEntries(datePresets(now).map((p) => [p.key, p.value().map((d) => d.format('YYYY-MM-DD'))]));
    expect(got).toEqual({
      today: ['2026-05-20', '2026-05-20'],
      week: ['2026-05-14', '2026-05-20'],
      month: ['2026-04-21', '2026-05-20'],
      quarter: ['2026-02-20', '2026-05-20'],
    });
  });
});

describe('DateRange control', () => {
  it('a preset fills both sides as YYYY-MM-DD', () => {
    const onChange = vi.fn();
    render(
      <TestProviders>
        <DateRange onChange={onChange} />
      </TestProviders>,
    );
    const start = screen.getByLabelText('开始日期');
    fireEvent.mouseDown(start);
    fireEvent.click(start);
    fireEvent.click(screen.getByText('最近一周'));
    const today = dayjs().format('YYYY-MM-DD');
    expect(onChange).toHaveBeenLastCalledWith([dayjs().subtract(6, 'day').format('YYYY-MM-DD'), today]);
  });

  it('shows the chosen pair and yields a form value', async () => {
    const onFinish = vi.fn();
    render(
      <TestProviders>
        <Form onFinish={onFinish} initialValues={{ created: ['2026-01-05', '2026-02-01'] }}>
          <Form.Item name="created">
            <DateRange />
          </Form.Item>
          <button type="submit">go</button>
        </Form>
      </TestProviders>,
    );
    expect(screen.getByLabelText('开始日期')).toHaveValue('2026-01-05');
    expect(screen.getByLabelText('结束日期')).toHaveValue('2026-02-01');
    fireEvent.click(screen.getByText('go'));
    await vi.waitFor(() => expect(onFinish).toHaveBeenCalledWith({ created: ['2026-01-05', '2026-02-01'] }), { timeout: 15_000 });
  });
});
