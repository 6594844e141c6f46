/**
 * Dates of the delivery API. The database keeps local times as `YYYY-MM-DD HH:mm:ss` text in TZ_NAME (they sort as
 * text); a delivery reply gives each as ISO 8601 with the zone's offset at that moment, `2026-11-26T15:00:00+08:00`,
 * so `new Date()` reads it right anywhere. The offset comes from Intl (`longOffset`): no library. A local time in a
 * daylight-saving gap reads with the offset before the change; one in the repeated hour, with the offset after it.
 */

const offsetFormats = new Map<string, Intl.DateTimeFormat>();
/** offsets by zone and local hour (`Asia/Shanghai|2026-11-26 15`): zones change offset on whole hours */
const offsets = new Map<string, string>();

/** the zone's offset from UTC at an instant, in minutes */
function offsetMinutes(ms: number, timeZone: string): number {
  let f = offsetFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    offsetFormats.set(timeZone, f);
  }
  const name = f.formatToParts(new Date(ms)).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  // `GMT`, `GMT+08:00`, `GMT-03:30`
  if (name.length < 9) return 0;
  const sign = name[3] === '-' ? -1 : 1;
  return sign * (Number(name.slice(4, 6)) * 60 + Number(name.slice(7, 9)));
}

const two = (n: number) => String(n).padStart(2, '0');
const offsetText = (minutes: number) =>
  `${minutes < 0 ? '-' : '+'}${two(Math.floor(Math.abs(minutes) / 60))}:${two(Math.abs(minutes) % 60)}`;

/** the epoch milliseconds of a local `YYYY-MM-DD HH:mm:ss` read as if it were UTC */
const asUtc = (local: string) =>
  Date.UTC(
    Number(local.slice(0, 4)),
    Number(local.slice(5, 7)) - 1,
    Number(local.slice(8, 10)),
    Number(local.slice(11, 13)),
    Number(local.slice(14, 16)),
    Number(local.slice(17, 19)),
  );

/** `2026-11-26 15:00:00` (local in `timeZone`) → `2026-11-26T15:00:00+08:00`; anything else as it is */
export function isoOf(local: unknown, timeZone: string): unknown {
  if (typeof local !== 'string' || local.length !== 19 || local[10] !== ' ') return local;
  const key = `${timeZone}|${local.slice(0, 13)}`;
  let off = offsets.get(key);
  if (off === undefined) {
    const guess = asUtc(local);
    const first = offsetMinutes(guess, timeZone);
    off = offsetText(offsetMinutes(guess - first * 60_000, timeZone));
    if (offsets.size >= 10_000) offsets.clear();
    offsets.set(key, off);
  }
  return `${local.slice(0, 10)}T${local.slice(11)}${off}`;
}

/** an instant as local `YYYY-MM-DD HH:mm:ss` in `timeZone` */
function localOf(ms: number, timeZone: string): string {
  const d = new Date(ms + offsetMinutes(ms, timeZone) * 60_000);
  return `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
}

/**
 * A range bound of a delivery filter (already matching `RANGE_VALUE`) as the stored local text, or null when it
 * names no real time: a day is its first second (`from`) or last second (`to`) in the zone; a date-time without an
 * offset is local; with one (`Z`, `+08:00`, or `␠08:00` for a `+` sent unencoded) it is converted to the zone.
 */
export function localBound(value: string, end: 'from' | 'to', timeZone: string): string | null {
  const day = value.slice(0, 10);
  if (Number.isNaN(Date.parse(`${day}T00:00:00Z`)) || new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) !== day) return null;
  if (value.length === 10) return `${day} ${end === 'from' ? '00:00:00' : '23:59:59'}`;
  const withSeconds = value[16] === ':';
  const time = withSeconds ? value.slice(11, 19) : `${value.slice(11, 16)}:00`;
  const [h, m, s] = time.split(':').map(Number);
  if (h > 23 || m > 59 || s > 59) return null;
  const zone = value.slice(withSeconds ? 19 : 16);
  if (!zone) return `${day} ${time}`;
  const offset = zone === 'Z' ? 0 : (zone[0] === '-' ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6)));
  return localOf(Date.parse(`${day}T${time}Z`) - offset * 60_000, timeZone);
}
