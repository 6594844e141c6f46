/** one formatter per time zone: building an Intl.DateTimeFormat costs far more than formatting with it */
const formats = new Map<string, Intl.DateTimeFormat>();
/** the text changes once a second; every request of that second asks for it (now, createTime) */
let last = { zone: '', second: Number.NaN, text: '' };

/** `YYYY-MM-DD HH:mm:ss` in the given time zone (createTime, SPEC point 3). */
export function formatDateTime(date: Date, timeZone: string): string {
  const second = Math.floor(date.getTime() / 1000);
  if (second === last.second && timeZone === last.zone) return last.text;
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  const parts = format.formatToParts(date);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '00';
  const text = `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`;
  last = { zone: timeZone, second, text };
  return text;
}
