import {
  allResources,
  type ContentCheckReply,
  type ContentHit,
  checkedFieldsOf,
  contentCheckEndpoints,
  contentCheckSchema,
  isContentChecked,
  type Lang,
  localeLabel,
  type ResourceDef,
  translate,
  type WordCategory,
  type WordLevel,
} from '@gk/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { may } from '../../auth/sessions.js';
import type { Ctx } from '../../context.js';
import { addPublishGate, addSaveNote } from '../../crud/gates.js';
import type { AnyDb } from '../../db/index.js';
import { busOf } from '../../events/bus.js';
import { badRequest, forbidden } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import { addRoute } from '../../http/route.js';
import { linkHits } from './links.js';
import { WordMatcher } from './matcher.js';
import { readable, visiblePosition } from './text.js';

export { type WordEntry, WordMatcher } from './matcher.js';
export { fold, htmlText, readable } from './text.js';

/**
 * Content checks (issue 27, contracts resources/contentCheck.ts): the word library's matcher (built once per process
 * from the enabled words, rebuilt on the next check after a `words` change heard on the bus: any write of
 * 敏感词库, from any process), the checks of a record's checked fields and links, the publish gate (a 禁止 word refuses
 * save-live / publish / approve / release), `contentHits` on a save's reply and `/content/check`.
 */
interface MatcherState {
  /** changes heard */
  version: number;
  built: { version: number; matcher: Promise<WordMatcher> } | null;
}
const states = new WeakMap<Ctx, MatcherState>();

function stateOf(ctx: Ctx): MatcherState {
  let s = states.get(ctx);
  if (!s) {
    s = { version: 0, built: null };
    states.set(ctx, s);
  }
  return s;
}

async function loadWords(db: AnyDb): Promise<WordMatcher> {
  const rows = await db
    .selectFrom('sensitive_word')
    .select(['word', 'category', 'level', 'whitelist'])
    .where('enable_flag', '=', 1)
    .orderBy('id')
    .execute();
  return new WordMatcher(
    rows.map((r) => ({
      word: r.word,
      category: r.category as WordCategory,
      level: r.level as WordLevel,
      whitelist: Number(r.whitelist) === 1,
    })),
  );
}

/** the matcher of this process, built after the last `words` change it heard */
export function matcherOf(ctx: Ctx, db: AnyDb = ctx.db): Promise<WordMatcher> {
  const s = stateOf(ctx);
  if (!s.built || s.built.version !== s.version) {
    // read through the caller's transaction when there is one (SQLite has one connection)
    const built = { version: s.version, matcher: loadWords(db) };
    s.built = built;
    // a failed read is tried again by the next check
    built.matcher.catch(() => {
      if (s.built === built) s.built = null;
    });
  }
  return s.built.matcher;
}

const langOf = (req?: FastifyRequest): Lang => (req?.lang ?? 'zh') as Lang;

type Rec = Record<string, unknown>;

/** the checked values of a record: its own fields, then every translation's */
function valuesOf(def: ResourceDef, record: Rec): { field: string; label: string; html: boolean; locale: string | null; value: string }[] {
  const fields = checkedFieldsOf(def);
  const out: { field: string; label: string; html: boolean; locale: string | null; value: string }[] = [];
  for (const f of fields) {
    const v = record[f.name];
    if (typeof v === 'string' && v) out.push({ field: f.name, label: f.label, html: f.html, locale: null, value: v });
  }
  const translations = record.translations;
  if (translations && typeof translations === 'object')
    for (const [locale, data] of Object.entries(translations as Rec)) {
      if (!data || typeof data !== 'object') continue;
      for (const f of fields) {
        const v = (data as Rec)[f.name];
        if (typeof v === 'string' && v) out.push({ field: f.name, label: f.label, html: f.html, locale, value: v });
      }
    }
  return out;
}

/** the message of one hit: 标题第 3 个字处：“国家级”（广告法极限词，禁止） */
export function hitMessage(lang: Lang, h: Omit<ContentHit, 'msg'>, position: number): string {
  return translate(lang, h.locale ? 'check.hitLocale' : 'check.hit', {
    field: h.fieldLabel,
    locale: h.locale ? localeLabel(h.locale, lang) : '',
    position,
    text: h.text,
    category: translate(lang, `check.cat.${h.category}`),
    level: translate(lang, `check.level.${h.level}`),
  });
}

/**
 * Every hit of a record (as a form or a get holds it): words in its checked fields and translations, and with
 * `links`, the links of its rich text. Linear in the record's text.
 */
export async function checkRecord(ctx: Ctx, def: ResourceDef, record: Rec, opts: { req?: FastifyRequest; links?: boolean; db?: AnyDb }) {
  const lang = langOf(opts.req);
  const matcher = await matcherOf(ctx, opts.db);
  const hits: ContentHit[] = [];
  for (const v of valuesOf(def, record)) {
    const fieldLabel = translate(lang, v.label);
    const read = readable(v.value, v.html);
    for (const m of matcher.find(read)) {
      const h = {
        field: v.field,
        fieldLabel,
        locale: v.locale,
        kind: 'word' as const,
        text: v.value.slice(m.start, m.end),
        offset: m.start,
        length: m.end - m.start,
        level: m.entry.level,
        category: m.entry.category,
      };
      hits.push({ ...h, msg: hitMessage(lang, h, visiblePosition(read, m.start)) });
    }
    if (opts.links && v.html)
      for (const l of await linkHits(ctx, opts.db ?? ctx.db, v.value)) {
        const h = { field: v.field, fieldLabel, locale: v.locale, kind: 'link' as const, level: 'warn' as const, ...l };
        hits.push({ ...h, msg: hitMessage(lang, h, visiblePosition(read, l.offset)) });
      }
  }
  return { hits, blocked: hits.some((h) => h.level === 'block') } satisfies ContentCheckReply;
}

export function register(api: FastifyInstance, ctx: Ctx): void {
  const s = stateOf(ctx);
  busOf(ctx).subscribe((change) => {
    if (change.kind === 'words') s.version++;
  });

  // a 禁止 word refuses what goes on the site (save-live, publish, approve, release)
  addPublishGate(ctx, async ({ def, after, req, trx }) => {
    if (!isContentChecked(def)) return null;
    const { hits } = await checkRecord(ctx, def, after, { req, db: trx });
    const blocking = hits.filter((h) => h.level === 'block');
    if (!blocking.length) return null;
    const lang = langOf(req);
    return badRequest('check.blocked', { hits: blocking.map((h) => h.msg).join(lang === 'zh' ? '；' : '; ') });
  });

  // a save's reply carries its hits (a 提示 word, a draft's 禁止 word, a link)
  addSaveNote(ctx, async ({ def, record, req }) => {
    if (!isContentChecked(def)) return null;
    const { hits } = await checkRecord(ctx, def, record, { req, links: true });
    return hits.length ? { contentHits: hits } : null;
  });

  addRoute(api, ctx, {
    endpoint: contentCheckEndpoints.check,
    schema: contentCheckSchema,
    input: 'body',
    handler: async ({ resource, record }, req) => {
      const def = allResources().find((r) => r.name === resource);
      if (!def || !isContentChecked(def)) throw badRequest('check.resourceUnknown', { resource });
      // the form's own check: whoever may save the resource
      const { save } = def.endpoints;
      if (!req.user || !save || !may(req.user, save.path)) throw forbidden();
      return ok(req, await checkRecord(ctx, def, record, { req, links: true }));
    },
  });
}
