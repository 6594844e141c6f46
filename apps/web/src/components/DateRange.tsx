import type { FormRule } from 'antd';
import { DatePicker, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { tr, useTranslation } from '../lib/i18n';
import './components.css';

/**
 * A start / stop date pair (SPEC points 2 and 5): the start cannot be after the stop and the stop cannot be
 * before the start (each side disables the other's impossible days), with the presets of SPEC point 9.
 * The value is `[startTime, endTime]` as `YYYY-MM-DD` strings (either may be empty).
 */
export const DATE_FORMAT = 'YYYY-MM-DD';

export type DateRangeValue = [string | null, string | null];

const parse = (s: string | null | undefined): Dayjs | null => {
  if (!s) return null;
  const d = dayjs(s);
  return d.isValid() ? d : null;
};

/** The start picker: days after the stop are disabled. */
export function disableStart(stop: string | null | undefined): (d: Dayjs) => boolean {
  const s = parse(stop);
  return (d) => !!s && d.isAfter(s, 'day');
}

/** The stop picker: days before the start are disabled. */
export function disableEnd(start: string | null | undefined): (d: Dayjs) => boolean {
  const s = parse(start);
  return (d) => !!s && d.isBefore(s, 'day');
}

/** The message key when the pair is out of order, from the side being checked; null when fine. */
export function rangeIssue(value: DateRangeValue | null | undefined, side: 'start' | 'end' = 'start'): string | null {
  const [a, b] = value ?? [null, null];
  if (!a || !b || a <= b) return null;
  return side === 'start' ? 'v.dateRange' : 'v.dateRangeEnd';
}

export interface DatePreset {
  key: string;
  label: string;
  value: () => [Dayjs, Dayjs];
}

/** Today, the last week, the last month (30 days) and the last three months (90 days), all ending today. */
export function datePresets(now: () => Dayjs = () => dayjs()): DatePreset[] {
  const span = (days: number) => () => {
    const today = now().startOf('day');
    return [today.subtract(days - 1, 'day'), today] as [Dayjs, Dayjs];
  };
  return [
    { key: 'today', label: 'ui.date.today', value: span(1) },
    { key: 'week', label: 'ui.date.lastWeek', value: span(7) },
    { key: 'month', label: 'ui.date.lastMonth', value: span(30) },
    { key: 'quarter', label: 'ui.date.last3Months', value: span(90) },
  ];
}

/** A form rule for a DateRange item: the pair must be in order (v.dateRange). */
export function dateRangeRule(): FormRule {
  return {
    validator: async (_r, value: DateRangeValue | undefined) => {
      const key = rangeIssue(value, 'start');
      if (key) throw new Error(tr(key));
    },
  };
}

export interface DateRangeProps {
  value?: DateRangeValue | null;
  onChange?: (value: DateRangeValue) => void;
  id?: string;
  disabled?: boolean;
  /** accessible names / placeholders of the two sides */
  startPlaceholder?: string;
  endPlaceholder?: string;
}

export function DateRange({ value, onChange, id, disabled, startPlaceholder, endPlaceholder }: DateRangeProps) {
  const { t } = useTranslation();
  const [start, end] = value ?? [null, null];
  const [open, setOpen] = useState<'start' | 'end' | null>(null);
  const emit = (next: DateRangeValue) => onChange?.(next);
  const presets = datePresets();

  const footer = () => (
    <div className="gk-date-presets">
      {presets.map((p) => (
        <button
          type="button"
          key={p.key}
          className="gk-date-preset"
          onClick={() => {
            const [a, b] = p.value();
            emit([a.format(DATE_FORMAT), b.format(DATE_FORMAT)]);
            setOpen(null);
          }}
        >
          {t(p.label)}
        </button>
      ))}
    </div>
  );

  const startIssue = rangeIssue([start, end], 'start');
  const endIssue = rangeIssue([start, end], 'end');

  return (
    <Space.Compact className="gk-date-range" style={{ width: '100%' }}>
      <DatePicker
        id={id}
        aria-label={startPlaceholder ?? t('ui.date.start')}
        placeholder={startPlaceholder ?? t('ui.date.start')}
        value={parse(start)}
        format={DATE_FORMAT}
        disabled={disabled}
        disabledDate={disableStart(end)}
        status={startIssue ? 'error' : undefined}
        title={startIssue ? t(startIssue) : undefined}
        open={open === 'start'}
        onOpenChange={(o) => setOpen(o ? 'start' : null)}
        renderExtraFooter={footer}
        onChange={(d) => emit([d ? d.format(DATE_FORMAT) : null, end])}
        style={{ flex: 1 }}
      />
      <span className="gk-date-range-sep" aria-hidden>
        {t('ui.date.to')}
      </span>
      <DatePicker
        aria-label={endPlaceholder ?? t('ui.date.end')}
        placeholder={endPlaceholder ?? t('ui.date.end')}
        value={parse(end)}
        format={DATE_FORMAT}
        disabled={disabled}
        disabledDate={disableEnd(start)}
        status={endIssue ? 'error' : undefined}
        title={endIssue ? t(endIssue) : undefined}
        open={open === 'end'}
        onOpenChange={(o) => setOpen(o ? 'end' : null)}
        renderExtraFooter={footer}
        onChange={(d) => emit([start, d ? d.format(DATE_FORMAT) : null])}
        style={{ flex: 1 }}
      />
    </Space.Compact>
  );
}
