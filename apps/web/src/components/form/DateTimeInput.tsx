import { DatePicker } from 'antd';
import dayjs from 'dayjs';

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
    <DatePicker
      id={id}
      showTime={{ format: 'HH:mm' }}
      format="YYYY-MM-DD HH:mm"
      value={parsed?.isValid() ? parsed : null}
      onChange={(d) => onChange?.(d ? d.second(0).format(FORMAT) : null)}
      disabled={disabled}
      placeholder={placeholder}
      style={{ width: '100%', maxWidth: 280 }}
    />
  );
}
