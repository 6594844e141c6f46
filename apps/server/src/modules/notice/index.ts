import {
  Code,
  type Lang,
  NOTICE_STREAMS_PER_USER,
  type NoticeCounts,
  type NoticeKind,
  type NoticeRow,
  noticeEndpoints,
  noticePageSchema,
  noticeReadSchema,
  recordUrl,
  resourceByName,
  translate,
} from '@gk/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Ctx } from '../../context.js';
import type { AnyDb } from '../../db/index.js';
import { busOf, changed } from '../../events/bus.js';
import { AppError } from '../../http/errors.js';
import { ok, page } from '../../http/reply.js';
import { addRoute } from '../../http/route.js';
import { DRAIN_EVENT } from '../../ops/shutdown.js';
import { onReview, type ReviewEvent, reviewQueries } from '../review/events.js';
import { eventHappened } from '../webhook/index.js';
import { NoticeStreams } from './stream.js';

/** the parameters of a notice's text kept in its `data` column */
interface NoticeData {
  level?: number;
  final?: boolean;
}

export interface NewNotice {
  kind: NoticeKind;
  resource: string | null;
  recordId: number | null;
  title: string | null;
  comment?: string | null;
  /** who acted (their display name) */
  fromUser?: string | null;
  data?: NoticeData;
}

/**
 * Writes one notice to each of these users in `db` (the caller's transaction) and tells the bells (every process,
 * after the commit). The release workflow's notices (`release.failed`, `release.done`) are written through this too.
 */
export async function writeNotices(
  ctx: Ctx,
  db: AnyDb,
  userIds: readonly number[],
  notice: NewNotice,
  req?: FastifyRequest,
): Promise<void> {
  if (await insertNotices(ctx, db, userIds, notice)) await changed(ctx, 'notice', { db, req });
}

/** the rows of `writeNotices`; whether there were any */
async function insertNotices(ctx: Ctx, db: AnyDb, userIds: readonly number[], notice: NewNotice): Promise<boolean> {
  const to = [...new Set(userIds)];
  if (!to.length) return false;
  const time = ctx.nowText();
  await db
    .insertInto('notice')
    .values(
      to.map((userId) => ({
        user_id: userId,
        kind: notice.kind,
        resource: notice.resource,
        record_id: notice.recordId,
        title: notice.title?.slice(0, 500) ?? null,
        comment: notice.comment ?? null,
        from_user: notice.fromUser?.slice(0, 100) ?? null,
        create_time: time,
        read_flag: 0,
        data: notice.data ? JSON.stringify(notice.data) : null,
      })),
    )
    .execute();
  return true;
}

const displayName = (u: { userName: string; nickName?: string | null }) => u.nickName || u.userName;

/** the text of a stored notice in a language */
function textOf(
  lang: Lang,
  row: {
    kind: string;
    resource: string | null;
    title: string | null;
    comment: string | null;
    from_user: string | null;
    data: string | null;
  },
) {
  let data: NoticeData = {};
  try {
    data = row.data ? (JSON.parse(row.data) as NoticeData) : {};
  } catch {
    // a damaged data column: the text without its level
  }
  const def = row.resource ? resourceByName(row.resource) : undefined;
  const key =
    row.kind === 'review.approved' && data.final
      ? 'notice.text.review.approvedFinal'
      : row.kind === 'review.requested'
        ? `notice.text.review.requested.${data.level === 2 ? 2 : 1}`
        : `notice.text.${row.kind}`;
  return translate(lang, key, {
    from: row.from_user || translate(lang, 'notice.someone'),
    resource: def ? translate(lang, def.label) : (row.resource ?? ''),
    title: row.title ?? '',
    comment: row.comment ?? '',
  });
}

/** where a notice leads: the record's details screen (待我审核 when the record has none), or the release */
function urlOf(kind: string, resource: string | null, recordId: number | null): string | null {
  if (kind.startsWith('release.')) return recordId != null ? `/release/release-details?id=${recordId}` : '/release/release-list';
  const url = resource ? recordUrl(resource, recordId) : null;
  return url ?? (kind === 'review.requested' ? '/review/review-todo' : null);
}

/** `https://cms.example.com` (PUBLIC_BASE_URL) or the request's own origin; '' when neither is known */
function originOf(ctx: Ctx, req?: FastifyRequest): string {
  if (ctx.config.publicBaseUrl) return ctx.config.publicBaseUrl;
  const host = req?.host;
  if (typeof host !== 'string' || !/^[A-Za-z0-9.-]{1,253}(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]{2,45}\](?::\d{1,5})?$/.test(host)) return '';
  return `${req?.protocol === 'https' ? 'https' : 'http'}://${host}`;
}

/** The counts of the bell: the user's unread notices and what waits for their review (0 without the review module). */
export async function countsOf(ctx: Ctx, userId: number): Promise<NoticeCounts> {
  const [{ n }] = await ctx.db
    .selectFrom('notice')
    .select(sql<number>`count(*)`.as('n'))
    .where('user_id', '=', userId)
    .where('read_flag', '=', 0)
    .execute();
  const queries = reviewQueries(ctx);
  return { unread: Number(n), todo: queries ? await queries.todoCount(userId) : 0 };
}

/**
 * What the review workflow's steps leave (in the step's transaction): the notices (submitted → everyone who may
 * review at the level it waits at; decided → the submitter, a rejection with its comment), the webhook events
 * `review.requested` / `review.decided`, and a `notice` change for the bells.
 */
async function reviewed(ctx: Ctx, e: ReviewEvent): Promise<void> {
  const from = displayName(e.actor);
  const base = { resource: e.resource.name, recordId: e.id, title: e.title, fromUser: from };
  if (e.kind === 'requested') {
    const queries = reviewQueries(ctx);
    const reviewers = queries ? await queries.reviewersOf(e.trx, e.resource, e.id, e.level) : [];
    await insertNotices(ctx, e.trx, reviewers, { ...base, kind: 'review.requested', comment: e.comment, data: { level: e.level } });
  } else if (e.submitter && e.submitter.id !== e.actor.id) {
    const kind = e.decision === 'rejected' ? 'review.rejected' : 'review.approved';
    await insertNotices(ctx, e.trx, [e.submitter.id], { ...base, kind, comment: e.comment, data: { level: e.level, final: !!e.final } });
  }
  // what waits for the reviewers changed with every step, notices or not: every bell counts again
  await changed(ctx, 'notice', { db: e.trx, req: e.req });
  const url = recordUrl(e.resource.name, e.id);
  await eventHappened(ctx, e.trx, `review.${e.kind}`, {
    resource: e.resource.name,
    id: e.id,
    title: e.title,
    level: e.level,
    decision: e.kind === 'decided' ? (e.decision ?? null) : null,
    final: e.kind === 'decided' ? !!e.final : false,
    comment: e.comment,
    actor: { id: e.actor.id, userName: e.actor.userName, nickName: e.actor.nickName },
    submitter: e.submitter ? { id: e.submitter.id, userName: e.submitter.userName } : null,
    time: ctx.nowText(),
    url: url ? `${originOf(ctx, e.req)}${url}` : null,
  });
}

/**
 * 消息中心 (issue 27): the caller's notices (a page, newest first, text in their language), marking them read, the
 * bell's counts, and `/notice/stream`, the counts as server-sent events (stream.ts) — read by the web with fetch
 * (the token is a header, which EventSource cannot send).
 */
export function register(api: FastifyInstance, ctx: Ctx): void {
  const { db } = ctx;
  onReview(ctx, (e) => reviewed(ctx, e));

  const streams = new NoticeStreams(
    ctx,
    (userId) => countsOf(ctx, userId),
    (err) => api.log.error({ err }, 'notice stream failed'),
  );
  busOf(ctx).subscribe((change) => {
    if (change.kind === 'notice') void streams.refreshAll();
    else if (change.kind === 'session') void streams.checkSessions();
  });
  api.server.on(DRAIN_EVENT, () => streams.closeAll());
  api.addHook('preClose', async () => streams.closeAll());

  addRoute(api, ctx, {
    endpoint: noticeEndpoints.page,
    schema: noticePageSchema,
    handler: async ({ pageNumber, pageSize, unread }, req) => {
      const userId = req.user!.id;
      let q = db.selectFrom('notice').where('user_id', '=', userId);
      if (unread) q = q.where('read_flag', '=', 0);
      const [{ n }] = await q.select(sql<number>`count(*)`.as('n')).execute();
      const rows = await q
        .selectAll()
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset((pageNumber - 1) * pageSize)
        .execute();
      const out: NoticeRow[] = rows.map((r) => ({
        id: Number(r.id),
        kind: r.kind as NoticeKind,
        text: textOf(req.lang, r),
        resource: r.resource,
        recordId: r.record_id == null ? null : Number(r.record_id),
        title: r.title,
        comment: r.comment,
        fromUser: r.from_user,
        createTime: r.create_time,
        read: Number(r.read_flag) === 1,
        url: urlOf(r.kind, r.resource, r.record_id == null ? null : Number(r.record_id)),
      }));
      return page(req, out, Number(n));
    },
  });

  addRoute(api, ctx, {
    endpoint: noticeEndpoints.markRead,
    schema: noticeReadSchema,
    input: 'body',
    handler: async (input, req) => {
      // only the caller's own notices: another user's ids are left as they are
      let q = db.updateTable('notice').set({ read_flag: 1 }).where('user_id', '=', req.user!.id).where('read_flag', '=', 0);
      if ('ids' in input) q = q.where('id', 'in', input.ids);
      const r = await q.executeTakeFirst();
      const updated = Number(r.numUpdatedRows);
      if (updated) await changed(ctx, 'notice');
      return ok(req, { updated });
    },
  });

  addRoute(api, ctx, {
    endpoint: noticeEndpoints.counts,
    handler: async (_i, req) => ok(req, await countsOf(ctx, req.user!.id)),
  });

  addRoute(api, ctx, {
    endpoint: noticeEndpoints.stream,
    handler: async (_i, req, reply) => {
      const user = req.user!;
      if (streams.count(user.id) >= NOTICE_STREAMS_PER_USER)
        throw new AppError(Code.TOO_MANY, 'notice.tooManyStreams', { max: NOTICE_STREAMS_PER_USER });
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store, no-transform',
        // nginx and the like hand each event on at once
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      res.flushHeaders();
      req.raw.socket?.setNoDelay(true);
      await streams.add(user.id, user.sessionId, res);
    },
  });
}
