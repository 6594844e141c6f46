import crypto from 'node:crypto';
import { allResources, Code, formatBytes, id, optText, type ResourceDef, translate } from '@gk/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { may } from '../../auth/sessions.js';
import type { Ctx } from '../../context.js';
import { assertInScope, scopeFor } from '../../crud/scope.js';
import { Crud } from '../../crud/service.js';
import { AppError, forbidden, notFound } from '../../http/errors.js';
import { ownerOf } from '../../http/fair-queue.js';
import { ok } from '../../http/reply.js';
import { addRoute, parseInput, rawInput } from '../../http/route.js';
import { sanitizeRichText } from '../../http/sanitize.js';
import { scheduleEvery } from '../../ops/daily.js';

type Row = Record<string, unknown>;

/** how long a preview link works */
export const PREVIEW_TTL_MS = 30 * 60_000;
/** how often expired snapshots are purged (whether or not anybody previews) */
export const PREVIEW_PURGE_EVERY_MS = 5 * 60_000;

/** the resources described `previewable`: `byId` a stored record by id (read), or a form for a caller holding `form`; `form` the form only */
const previewable = () =>
  allResources().filter((r): r is ResourceDef & { previewable: NonNullable<ResourceDef['previewable']> } => !!r.previewable);

/** the fields a preview page shows, as the description names them */
const previewFieldsOf = (def: ResourceDef) => ({
  title: def.previewable?.fields?.title ?? 'title',
  summary: def.previewable?.fields?.summary ?? 'summary',
  content: def.previewable?.fields?.content ?? 'content',
  date: def.previewable?.fields?.date ?? ['publishTime', 'createTime'],
});

/** what a preview page shows of a record (or a form): title, summary, body, date */
function previewData(def: ResourceDef, r: Row): Row {
  const f = previewFieldsOf(def);
  return { title: r[f.title], summary: r[f.summary], content: r[f.content], date: f.date.map((d) => r[d]).find((v) => v) };
}

/** the server's preview secret: PREVIEW_SECRET, else one generated once and kept in the database (shared by every process) */
async function secretOf(ctx: Ctx): Promise<string> {
  if (process.env.PREVIEW_SECRET) return process.env.PREVIEW_SECRET;
  const { db } = ctx;
  await db
    .insertInto('sys_setting')
    .values({ key: 'preview_secret', value: crypto.randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('sys_setting').select('value').where('key', '=', 'preview_secret').executeTakeFirstOrThrow();
  return String(row.value);
}

const sign = (secret: string, payload: string) => crypto.createHmac('sha256', secret).update(payload).digest('base64url');

/** does `given` equal the signature `expected` (same length, compared in constant time) */
const sameSig = (given: string, expected: string) =>
  given.length === expected.length && crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expected));

/**
 * A preview token (issue 23): what a preview link grants — the record `id` of `resource` as the editors have it,
 * its pending draft applied, until `exp` — for the website's own preview page, which hands it to the delivery API
 * (`?preview=` or `X-Preview-Token`). `{resource}.r{id}.{exp}.{signature}`, signed like the link.
 */
export async function previewToken(ctx: Ctx, resource: string, recordId: number, exp: number): Promise<string> {
  const payload = `${resource}.r${recordId}.${exp}`;
  return `${payload}.${sign(await secretOf(ctx), payload)}`;
}

const TOKEN = /^([A-Za-z]{1,40})\.r(\d{1,10})\.(\d{1,15})\.([\w-]{43})$/;

/** The record a preview token grants, or null when it is malformed, tampered with or expired. */
export async function readPreviewToken(ctx: Ctx, token: string): Promise<{ resource: string; id: number } | null> {
  const m = token.length <= 200 ? TOKEN.exec(token) : null;
  if (!m) return null;
  const [, resource, recordId, exp, sig] = m;
  if (Number(exp) < ctx.now()) return null;
  if (!sameSig(sig, sign(await secretOf(ctx), `${resource}.r${recordId}.${exp}`))) return null;
  return { resource, id: Number(recordId) };
}

/**
 * the website's preview URL of a record from its template (PREVIEW_URL_<RESOURCE>), or null without one; a preview
 * of a content locale (issue 24) fills `{locale}`, or adds `locale=` when the template has no `{locale}` and the
 * locale is not the default
 */
export const siteUrlOf = (ctx: Ctx, resource: string, recordId: number, token: string, locale?: string | null): string | null => {
  const template = ctx.config.previewUrls[resource];
  if (!template) return null;
  const [defaultLocale] = ctx.config.contentLocales;
  const url = template
    .replaceAll('{id}', String(recordId))
    .replaceAll('{token}', encodeURIComponent(token))
    .replaceAll('{locale}', encodeURIComponent(locale || defaultLocale));
  if (!locale || locale === defaultLocale || template.includes('{locale}')) return url;
  return `${url}${url.includes('?') ? '&' : '?'}locale=${encodeURIComponent(locale)}`;
};

/** a record in a content locale, as the delivery API overlays it (given by the delivery module: issue 24) */
export type LocalizeRecord = (def: ResourceDef, record: Row, locale: string) => Promise<Row>;

/** the content locale a preview call names: absent → null; one of CONTENT_LOCALES (any case); else a 400 */
function previewLocaleOf(ctx: Ctx, value: unknown): string | null {
  if (value == null || value === '') return null;
  const known = typeof value === 'string' ? ctx.config.contentLocales.find((l) => l.toLowerCase() === value.trim().toLowerCase()) : null;
  if (!known) throw new AppError(Code.BAD_REQUEST, 'translation.localeUnknown');
  return known;
}

/** the form's record as previewed (what a preview of unsaved edits may carry) */
const formSchema = z.looseObject({
  title: optText(200),
  summary: optText(1000),
  content: optText(1_000_000),
  publishTime: optText(19),
  createTime: optText(19),
});

const esc = (v: unknown) =>
  String(v ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const safeImg = (v: unknown) => (typeof v === 'string' && /^(\/img\/[\w.-]{1,200}|https?:\/\/[^\s"'<>]{1,490})$/.test(v) ? v : '');

/** Permanently deletes the snapshots whose link has expired; returns how many. */
export async function purgeExpiredPreviews(ctx: Ctx): Promise<number> {
  const r = await ctx.db.deleteFrom('preview_snapshot').where('expires_at', '<', ctx.now()).executeTakeFirst();
  return Number(r.numDeletedRows ?? 0);
}

/**
 * Keeps a snapshot for `userId` within the account's quota (PREVIEW_MAX_PER_ACCOUNT snapshots,
 * PREVIEW_MAX_BYTES_PER_ACCOUNT bytes): the account's oldest snapshots are dropped to make room (their links
 * then answer 404); one larger than the whole byte quota is refused. Returns the new snapshot's id.
 */
async function keepSnapshot(ctx: Ctx, userId: number, resource: string, data: string, expiresAt: number): Promise<number> {
  const { previewMaxPerAccount: maxCount, previewMaxBytesPerAccount: maxBytes } = ctx.config;
  const bytes = Buffer.byteLength(data, 'utf8');
  if (bytes > maxBytes) throw new AppError(Code.TOO_LARGE, 'preview.tooLarge', { limit: formatBytes(maxBytes) });
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    // one account's previews take turns (PostgreSQL; SQLite has one writer), so each sees the ones before it
    if (ctx.dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${`gk-preview:${userId}`}))`.execute(trx);
    const ins = await trx
      .insertInto('preview_snapshot')
      .values({ resource, data, expires_at: expiresAt, user_id: userId, bytes })
      .returning('id')
      .executeTakeFirstOrThrow();
    const mine = await trx
      .selectFrom('preview_snapshot')
      .select(['id', 'bytes', 'expires_at'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .execute();
    // newest first: keep while within both limits; from the first one past them, the rest (older) go
    const drop: number[] = [];
    let count = 0;
    let total = 0;
    let over = false;
    for (const s of mine) {
      const live = Number(s.expires_at) >= now;
      if (live && !over) {
        count++;
        total += Number(s.bytes);
        over = count > maxCount || total > maxBytes;
      }
      if (!live || over) drop.push(Number(s.id));
    }
    if (drop.length) await trx.deleteFrom('preview_snapshot').where('id', 'in', drop).execute();
    return Number(ins.id);
  });
}

/**
 * Preview (issue 11): `/news/previewNews`, `/policy/previewPolicy`, `/page/previewPageItem` take an id (read)
 * or the record as on the form, and optionally `locale` (issue 24: the link shows that content locale's overlay; a
 * form's `translations[locale]` then fills its fields); `/news/previewNewsForm` … take the form. Both answer `data.url`, a link signed
 * with the server's secret that works for 30 minutes without a login; `/preview/{resource}/{ref}` renders the
 * page as the public site would (a stored record with its pending draft applied). A preview by id also answers
 * `data.token` (the delivery API serves that record's draft to it) and `data.siteUrl`, the website's own preview
 * page from PREVIEW_URL_<RESOURCE> (`{id}`, `{token}`), or null without a template. A form preview stores a snapshot, so it needs the form-preview permission
 * (granted with the write buttons), and counts against the account's quota (issue 21).
 */
export function register(api: FastifyInstance, ctx: Ctx): void {
  const linkData = async (req: FastifyRequest, resource: string, ref: string, exp: number, locale: string | null = null) => {
    const payload = `${resource}.${ref}.${exp}`;
    const sig = sign(await secretOf(ctx), payload);
    const origin = `${req.protocol}://${req.host}`;
    const lang = locale ? `&locale=${encodeURIComponent(locale)}` : '';
    return { url: `${origin}/preview/${resource}/${ref}?exp=${exp}&sig=${sig}${lang}`, expiresAt: exp };
  };
  const link = async (req: FastifyRequest, resource: string, ref: string, exp: number, locale: string | null) =>
    ok(req, await linkData(req, resource, ref, exp, locale));
  const fromForm = async (req: FastifyRequest, def: ResourceDef, input: unknown) => {
    const raw = (input && typeof input === 'object' ? input : {}) as Row;
    const locale = previewLocaleOf(ctx, raw.locale);
    // a locale other than the default previews the form's translation into it, its empty fields from the form's own
    const translated = locale && locale !== ctx.config.contentLocales[0] ? (raw.translations as Row | undefined)?.[locale] : null;
    const overlay =
      translated && typeof translated === 'object'
        ? Object.fromEntries(Object.entries(translated as Row).filter(([, v]) => typeof v === 'string' && v.trim() !== ''))
        : {};
    const form = parseInput(formSchema, { ...raw, ...overlay });
    const shown = previewData(def, form);
    const data = {
      title: shown.title ?? '',
      summary: shown.summary ?? '',
      content: await sanitizeRichText(String(shown.content ?? ''), { owner: ownerOf(req), timeLimitMs: ctx.config.sanitizeTimeLimitMs }),
      date: shown.date || ctx.nowText(),
    };
    const exp = ctx.now() + PREVIEW_TTL_MS;
    const snapshot = await keepSnapshot(ctx, req.user!.id, def.name, JSON.stringify(locale ? { ...data, locale } : data), exp);
    return link(req, def.name, `s${snapshot}`, exp, locale);
  };
  for (const def of previewable()) {
    const p = { def, endpoint: def.previewable.byId, form: def.previewable.form };
    const crud = new Crud(ctx, def);
    addRoute(api, ctx, {
      endpoint: p.endpoint,
      doc: z.object({ id: id() }),
      handler: async (_i, req) => {
        const input = rawInput(req) as Row;
        const shownFields = previewFieldsOf(def);
        const hasForm = input && typeof input === 'object' && (shownFields.title in input || shownFields.content in input);
        if (hasForm) {
          // the form through the read path: only for a holder of the form-preview permission
          if (!req.user || !may(req.user, p.form.path)) throw forbidden('preview.formForbidden');
          return fromForm(req, p.def, input);
        }
        const recordId = parseInput(z.object({ id: id() }), input).id;
        const locale = previewLocaleOf(ctx, input?.locale);
        if (!(await crud.get(recordId))) throw notFound();
        await assertInScope(ctx.db, p.def.name, scopeFor(p.def, req), [recordId]);
        // the built-in page's link, and with it a token for the website's own page (its URL when a template is set)
        const exp = ctx.now() + PREVIEW_TTL_MS;
        const token = await previewToken(ctx, p.def.name, recordId, exp);
        const siteUrl = siteUrlOf(ctx, p.def.name, recordId, token, locale);
        return ok(req, { ...(await linkData(req, p.def.name, `r${recordId}`, exp, locale)), token, siteUrl });
      },
    });
    addRoute(api, ctx, {
      endpoint: p.form,
      doc: formSchema,
      handler: async (_i, req) => fromForm(req, p.def, rawInput(req)),
    });
  }

  // expired snapshots go on a timer, not only when somebody previews again (a first run shortly after start)
  scheduleEvery(
    api,
    {
      name: 'preview.purged',
      firstAfterMs: 60_000,
      everyMs: PREVIEW_PURGE_EVERY_MS,
      run: () => purgeExpiredPreviews(ctx),
      done: 'preview snapshots: expired ones purged',
    },
    ctx,
  );
}

/**
 * The preview pages (outside the API prefix, no login): the signed link's record as the site shows it; with
 * `&locale=` (a content locale) in that locale's overlay (`localize`, the delivery API's), company and contact too.
 */
export async function registerPreviewPages(app: FastifyInstance, ctx: Ctx, localize?: LocalizeRecord): Promise<void> {
  const { db } = ctx;
  const cruds = new Map(previewable().map((def) => [def.name, new Crud(ctx, def)]));
  const inLocale = async (name: string, record: Row, locale: string | null): Promise<Row> => {
    const def = allResources().find((r) => r.name === name);
    return def && locale && localize ? localize(def, record, locale) : record;
  };
  app.get('/preview/:resource/:ref', async (req, reply) => {
    const { resource, ref } = req.params as { resource: string; ref: string };
    const q = req.query as { exp?: string; sig?: string; locale?: string };
    // a locale the link names (one of CONTENT_LOCALES; anything else shows the default)
    const locale =
      ctx.config.contentLocales.find((l) => typeof q.locale === 'string' && l.toLowerCase() === q.locale.toLowerCase()) ?? null;
    const crud = cruds.get(resource);
    const exp = Number(q.exp);
    const expected = crud && /^[rs]\d{1,10}$/.test(ref) ? sign(await secretOf(ctx), `${resource}.${ref}.${exp}`) : '';
    const given = String(q.sig ?? '');
    const valid = !!expected && Number.isFinite(exp) && sameSig(given, expected) && exp >= ctx.now();
    if (!valid || !crud) return page(reply.status(403), req.lang, null, translate(req.lang, 'preview.expired'));
    let data: Row | null = null;
    const id = Number(ref.slice(1));
    if (ref[0] === 'r') {
      // as the editors have it: a pending draft of a record on the site applied
      const r = await crud.withDraft(id);
      if (r) data = previewData(crud.def, await inLocale(crud.def.name, r, locale));
    } else {
      const s = await db
        .selectFrom('preview_snapshot')
        .select('data')
        .where('id', '=', id)
        .where('resource', '=', resource)
        .executeTakeFirst();
      if (s) data = JSON.parse(String(s.data)) as Row;
    }
    if (!data) return page(reply.status(404), req.lang, null, translate(req.lang, 'err.recordNotFound'));
    const company = await db.selectFrom('company').selectAll().orderBy('id').limit(1).executeTakeFirst();
    const contact = await db.selectFrom('contact_head').selectAll().where('enable_flag', '=', 1).orderBy('id').limit(1).executeTakeFirst();
    return page(
      reply,
      req.lang,
      {
        data,
        company: company ? await inLocale('company', company as Row, locale) : {},
        contact: contact ? await inLocale('contact', contact as Row, locale) : {},
      },
      undefined,
      locale ?? (typeof data.locale === 'string' ? data.locale : null),
    );
  });
}

function page(
  reply: FastifyReply,
  lang: Parameters<typeof translate>[0],
  view: { data: Row; company: Row; contact: Row } | null,
  error?: string,
  contentLocale?: string | null,
) {
  const head = `<!doctype html><html lang="${esc(contentLocale || (lang === 'zh' ? 'zh-CN' : lang))}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">`;
  const style = `<style>body{margin:0;font-family:system-ui,"PingFang SC","Microsoft YaHei",sans-serif;color:#1f2329;background:#f5f6f8}
header,footer{background:#fff;padding:16px 24px;display:flex;align-items:center;gap:12px}header img{height:40px}
.notice{background:#fffbe6;border-bottom:1px solid #ffe58f;padding:8px 24px;font-size:14px}
main{max-width:860px;margin:24px auto;background:#fff;padding:32px;border-radius:8px}h1{margin-top:0}.date{color:#86909c}
footer{flex-direction:column;align-items:flex-start;color:#4e5969;font-size:14px;margin-top:24px}main img{max-width:100%}</style>`;
  reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
  if (!view) return reply.send(`${head}<title>${esc(error)}</title>${style}</head><body><main><h1>${esc(error)}</h1></main></body></html>`);
  const { data, company, contact } = view;
  const logo = safeImg(company.logo);
  const name = company.name || contact.organizers || '';
  return reply.send(
    `${head}<title>${esc(data.title)} - ${esc(name)}</title>${style}</head><body>` +
      `<div class="notice">${esc(translate(lang, 'preview.notice'))}</div>` +
      `<header>${logo ? `<img src="${esc(logo)}" alt="">` : ''}<strong class="company">${esc(name)}</strong></header>` +
      `<main><h1>${esc(data.title)}</h1><div class="date">${esc(String(data.date ?? '').slice(0, 10))}</div>` +
      `${data.summary ? `<p class="summary">${esc(data.summary)}</p>` : ''}<article>${String(data.content ?? '')}</article></main>` +
      `<footer><div>${esc(contact.organizers ?? '')}</div><div>${esc(contact.address ?? company.address ?? '')}</div>` +
      `<div>${esc(contact.phone ?? company.phone ?? '')}</div><div>${esc(contact.record_number ?? company.record_number ?? '')}</div></footer></body></html>`,
  );
}
