import type { EventClickArg, EventContentArg, EventDropArg, EventInput } from '@fullcalendar/core';
import esLocale from '@fullcalendar/core/locales/es';
import zhLocale from '@fullcalendar/core/locales/zh-cn';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import {
  allResources,
  CALENDAR_MAX_ENTRIES,
  type CalendarEntry,
  type CalendarKind,
  menuTree,
  type ReleaseDetail,
  type Reply,
  type ResourceDef,
  releaseEndpoints,
  resourceByName,
} from '@gk/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Select, Space, Spin, Tag } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { post } from '../../api/request';
import { feedback, useFeedback } from '../../lib/feedback';
import { useTranslation } from '../../lib/i18n';
import './calendar.css';

/** the colour of each kind: 发布 green, 下线 orange, 发布计划 purple (the legend shows the same) */
export const KIND_COLORS: Record<CalendarKind, string> = { publish: '#389e0d', offline: '#d46b08', release: '#722ed1' };
const KINDS: CalendarKind[] = ['publish', 'offline', 'release'];
const RELEASE = 'release';
const FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** a resource the calendar shows: publishable, or a banner-like time window (publishTime and offlineTime, no status) */
export function calendarResources(): ResourceDef[] {
  return allResources().filter((def) => {
    if (!def.endpoints.list) return false;
    if (def.publishable) return true;
    const names = new Set(def.fields.map((f) => f.name));
    return names.has('publishTime') && names.has('offlineTime') && !names.has('status');
  });
}

/** where an entry opens: a release's details, else the record's details screen (the hidden entry beside its list), else its list */
export function entryLink(e: Pick<CalendarEntry, 'kind' | 'resource' | 'id'>): string | undefined {
  const id = encodeURIComponent(String(e.id));
  if (e.kind === 'release') return `/release/release-details?id=${id}`;
  for (const top of menuTree()) {
    const children = top.children ?? [];
    const list = children.find((c) => c.list === e.resource);
    if (!list) continue;
    const details = children.find((c) => c.isHidden && c.activeMenu?.toLowerCase() === list.url.toLowerCase());
    return details ? `${details.url}?id=${id}` : list.url;
  }
  return undefined;
}

/** the call a move goes through: the record's publish call (keeping its other time), a banner's save, a release's save */
export async function moveEntry(e: CalendarEntry, to: string): Promise<void> {
  if (e.kind === 'release') {
    const reply = await post<Reply<ReleaseDetail>>(releaseEndpoints.get.path, undefined, { params: { id: String(e.id) } });
    const r = reply.data!;
    await post(releaseEndpoints.save.path, {
      id: r.id,
      name: r.name,
      publishTime: to,
      offlineTime: r.offlineTime ?? null,
      items: r.items.map((i) => ({ resource: i.resource, id: i.id })),
    });
    return;
  }
  const def = resourceByName(e.resource!)!;
  const times =
    e.kind === 'publish' ? { publishTime: to, offlineTime: e.offlineTime } : { publishTime: e.publishTime ?? undefined, offlineTime: to };
  if (def.publishable) await post(def.publishable.publish.path, { id: e.id, ...times });
  else await post(def.endpoints.save!.path, { id: e.id, ...times });
}

const stateText = (t: (k: string) => string, e: CalendarEntry) =>
  e.kind === 'release'
    ? t(`release.state.${e.state}`)
    : e.state === 'disabled'
      ? t('calendar.ui.disabled')
      : t(`publish.status.${e.state}`);

/**
 * 发布日历 (issue 27): the scheduled publishes, offline times and releases of the shown month or week
 * (`/release/getCalendar`, only what the account may read, in its data scope), coloured by kind, filtered by content
 * type; a click opens the record or the release, a drag of a movable entry (not past, the account holds the call)
 * asks, then reschedules through the record's publish call / the release's save, and goes back when refused.
 */
export default function ReleaseCalendar() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { modal } = useFeedback();
  const [range, setRange] = useState<{ start: string; end: string } | null>(null);
  const [shown, setShown] = useState<string[]>([]);
  const [week, setWeek] = useState(false);
  // every content type the calendar can show (the server answers only those the account may read)
  const options = useMemo(
    () => [
      ...calendarResources().map((d) => ({ value: d.name, label: t(d.label) })),
      { value: RELEASE, label: t('calendar.ui.kind.release') },
    ],
    [t],
  );

  const key = ['calendar', range] as const;
  const query = useQuery({
    queryKey: key,
    enabled: !!range,
    queryFn: async ({ signal }) => {
      const reply = await post<Reply<CalendarEntry[]>>(releaseEndpoints.calendar.path, range, { signal });
      return { entries: reply.data ?? [], msg: reply.msg };
    },
  });
  const entries = query.data?.entries;
  const truncated = entries && entries.length >= CALENDAR_MAX_ENTRIES ? query.data?.msg : null;

  const events: EventInput[] = useMemo(
    () =>
      (entries ?? [])
        .filter((e) => !shown.length || shown.includes(e.resource ?? RELEASE))
        .map((e) => ({
          id: `${e.kind}:${e.resource ?? RELEASE}:${e.id}`,
          title: e.title,
          start: e.time.replace(' ', 'T'),
          allDay: false,
          startEditable: e.movable,
          durationEditable: false,
          backgroundColor: KIND_COLORS[e.kind],
          borderColor: KIND_COLORS[e.kind],
          classNames: [`gk-cal-${e.kind}`, e.movable ? 'gk-cal-movable' : 'gk-cal-locked'],
          extendedProps: { entry: e },
        })),
    [entries, shown],
  );

  const onDrop = (info: EventDropArg) => {
    const e = info.event.extendedProps.entry as CalendarEntry;
    const to = dayjs(info.event.start!).format(FORMAT);
    modal.confirm({
      title: t('calendar.ui.confirmTitle'),
      content: (
        <>
          <div>{t('calendar.ui.confirmMove', { title: e.title, kind: t(`calendar.ui.kind.${e.kind}`), from: e.time, to })}</div>
          {e.pendingDraft && e.kind !== 'release' ? (
            <Alert type="warning" showIcon style={{ marginTop: 8 }} title={t('calendar.ui.pendingDraft')} />
          ) : null}
        </>
      ),
      onCancel: () => info.revert(),
      onOk: async () => {
        try {
          await moveEntry(e, to);
          feedback().message.success(t('calendar.ui.moved'));
        } catch {
          // the server's message is already shown (the request's toast)
          info.revert();
        }
        await client.invalidateQueries({ queryKey: ['calendar'] });
      },
    });
  };

  const onClick = (info: EventClickArg) => {
    info.jsEvent.preventDefault();
    const link = entryLink(info.event.extendedProps.entry as CalendarEntry);
    if (link) navigate(link);
  };

  const lang = i18n.language;
  return (
    <div className="app-container gk-calendar">
      <div className="gk-cal-panel">
        <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
          <Select
            mode="multiple"
            allowClear
            style={{ minWidth: 260 }}
            placeholder={t('calendar.ui.allResources')}
            aria-label={t('calendar.ui.resources')}
            options={options}
            value={shown}
            onChange={setShown}
          />
          <Space size={4} wrap aria-label={t('calendar.ui.legend')}>
            {KINDS.map((k) => (
              <Tag key={k} color={KIND_COLORS[k]} data-kind={k}>
                {t(`calendar.ui.kind.${k}`)}
              </Tag>
            ))}
            <Tag className="gk-cal-legend-locked">{t('calendar.ui.locked')}</Tag>
          </Space>
        </Space>
        {truncated ? <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={truncated} /> : null}
        <Spin spinning={query.isFetching}>
          <FullCalendar
            plugins={[dayGridPlugin, timeGridPlugin, interactionPlugin]}
            initialView="dayGridMonth"
            locales={[zhLocale, esLocale]}
            locale={lang === 'zh' ? 'zh-cn' : lang === 'es' ? 'es' : 'en'}
            headerToolbar={{ left: 'prev,next today', center: 'title', right: 'dayGridMonth,timeGridWeek' }}
            buttonText={{ today: t('calendar.ui.today'), month: t('calendar.ui.month'), week: t('calendar.ui.week') }}
            // the month grows with its entries; the week's 24 hours scroll inside, opening at 08:00
            height={week ? 680 : 'auto'}
            scrollTime="08:00:00"
            nowIndicator
            dayMaxEvents={5}
            eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
            slotLabelFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
            events={events}
            editable
            eventDurationEditable={false}
            eventDrop={onDrop}
            eventClick={onClick}
            eventContent={(arg: EventContentArg) => <EventLabel arg={arg} state={stateText(t, arg.event.extendedProps.entry)} />}
            datesSet={(arg) => {
              const next = { start: dayjs(arg.start).format(FORMAT), end: dayjs(arg.end).format(FORMAT) };
              setWeek(arg.view.type === 'timeGridWeek');
              setRange((prev) => (prev?.start === next.start && prev.end === next.end ? prev : next));
            }}
          />
        </Spin>
      </div>
    </div>
  );
}

function EventLabel({ arg, state }: { arg: EventContentArg; state: string }) {
  const e = arg.event.extendedProps.entry as CalendarEntry;
  const label = e.resourceLabel ? `${e.resourceLabel} · ` : '';
  return (
    <div className="gk-cal-event" title={`${e.title} · ${state}`} data-entry={`${e.kind}:${e.resource ?? RELEASE}:${e.id}`}>
      <span className="gk-cal-dot" style={{ background: KIND_COLORS[e.kind] }} />
      {arg.timeText ? <b className="gk-cal-time">{arg.timeText}</b> : null}
      <span className="gk-cal-title">
        {label}
        {e.title}
      </span>
    </div>
  );
}
