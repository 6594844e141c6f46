import { Skeleton } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense } from 'react';

// the picker (antd's DatePicker, ~30 KB gzip) loads with the first form that shows a date-and-time field, so
// forms without one (the news detail) do not carry it
const DatePicker = lazy(() => import('antd/es/date-picker'));

const FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** A `YYYY-MM-DD HH:mm:ss` text field as a date-and-time picker (cleared: null, which a save stores as none). */
export function DateTimeInput({
  value,
  onChange,
  id,
  disabled,
  placeholder,
}: {
  value?: string | null;
  onChange?: (v: string | null) => void;
  id?: string;
  disabled?: boolean;
  placeholder?: string;
}) {
  const parsed = value ? dayjs(value.replace(' ', 'T')) : null;
  return (
    <Suspense fallback={<Skeleton.Input active style={{ width: 280 }} />}>
      <DatePicker
        id={id}
        showTime={{ format: 'HH:mm' }}
        format="YYYY-MM-DD HH:mm"
        value={parsed?.isValid() ? parsed : null}
        onChange={(d) => onChange?.(d ? (d as Dayjs).second(0).format(FORMAT) : null)}
        disabled={disabled}
        placeholder={placeholder}
        style={{ width: '100%', maxWidth: 280 }}
      />
    </Suspense>
  );
}
