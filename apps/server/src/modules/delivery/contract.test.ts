import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import {
  allResources,
  columnOf,
  DELIVERY_FEEDS,
  deliveryBySlug,
  deliveryEndpoints,
  deliveryNullable,
  imageNameOf,
  publicFields,
} from '@gk/contracts';
import Ajv2020 from 'ajv/dist/2020.js';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { looseDb } from '../../db/index.js';
import { TABLES } from '../../db/tables.js';
import { compileStrict } from '../../test/compile-strict.js';
import { DIALECTS, useTestApp } from '../../test/harness.js';
import { searchIndexReady } from './search-index.js';

/** a node of the parsed document, walked freely by the assertions (they are the checks) */
type Node = ReturnType<typeof JSON.parse>;
const PREFIX = '/public/v1';

describe('the delivery contract against the tables', () => {
  it('a field the database may leave null is nullable in the contract (or answered as never null)', () => {
    const wrong: string[] = [];
    for (const def of allResources().filter((d) => d.delivery)) {
      const table = (TABLES as Record<string, Record<string, string>>)[def.table];
      if (!table) continue;
      for (const f of publicFields(def)) {
        if (f.join || f.lookup) continue;
        const kind = table[columnOf(f)];
        const mayBeNull = kind === 'sort' || kind?.endsWith('?');
        // the one stand-in a reply puts for null: the creation time (never null) for a publish time
        const standIn = f.name === 'publishTime' && table.create_time === 'str';
        if (mayBeNull && !standIn && !deliveryNullable(def, f)) wrong.push(`${def.name}.${f.name} (${kind})`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe.each(DIALECTS)('the delivery API contract on %s', (dialect) => {
  const t = useTestApp(dialect, { seedDemo: true, publicRateLimit: 100_000 });
  let doc: Node;
  let resolved: Node;
  const get = (url: string) => t.current.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    // the demo content was written before the write pipeline's listeners existed: the start-up backfill indexes it
    expect(await searchIndexReady(t.current.ctx)).toBeGreaterThan(0);
    doc = (await get(`${PREFIX}/openapi.json`)).json();
    resolved = await SwaggerParser.dereference(structuredClone(doc));
    // the demo's pictures: stored with their size (as an upload records it); editors gave them alt text
    const db = looseDb(t.current.ctx.db);
    const names = new Set<string>();
    for (const def of allResources())
      for (const f of def.fields.filter((x) => x.type === 'image' && !x.join)) {
        const rows = await db.selectFrom(def.table).select(columnOf(f)).execute();
        for (const r of rows) {
          const name = imageNameOf(String(r[columnOf(f)] ?? ''));
          if (name) names.add(name);
        }
      }
    expect(names.size).toBeGreaterThan(3);
    const described = await db
      .selectFrom('image_meta')
      .select('name')
      .where('name', 'in', [...names])
      .execute();
    expect(described.length).toBe(names.size);
    await db
      .updateTable('image_meta')
      .set({ alt: '示意图' })
      .where('name', 'in', [...names])
      .execute();
  });

  it('is a valid OpenAPI 3.1 document, each reply with an example its schema accepts', async () => {
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeTruthy();
    const ajv = new Ajv2020({ strict: false, allErrors: true, formats: { 'date-time': true, uri: true } });
    const wrong: string[] = [];
    let examples = 0;
    let feeds = 0;
    for (const [p, methods] of Object.entries(resolved.paths as Record<string, Node>))
      for (const [m, op] of Object.entries(methods as Record<string, Node>)) {
        // a feed is RSS (its example is checked like every feed: feeds.test.ts)
        const rss = op.responses[200].content['application/rss+xml'];
        if (rss) {
          expect([p, typeof rss.example]).toEqual([p, 'string']);
          feeds++;
          continue;
        }
        // every other path answers JSON, with an example of each reply (a by-slug's redirect too)
        for (const status of [200, 301]) {
          const media = op.responses[status]?.content?.['application/json'];
          if (!media) continue;
          expect([p, m, status, media.example !== undefined]).toEqual([p, m, status, true]);
          const validate = ajv.compile(media.schema);
          if (!validate(media.example)) wrong.push(`${m} ${p} ${status}: ${ajv.errorsText(validate.errors)}`);
          if (status === 200) examples++;
        }
        // every path takes the content locale, as the server knows them
        expect([p, op.parameters.find((x: Node) => x.name === 'locale')?.schema]).toEqual([p, { type: 'string', enum: ['zh-CN', 'en'] }]);
      }
    expect(wrong).toEqual([]);
    expect(examples).toBe(deliveryEndpoints().length + deliveryBySlug().length);
    expect(deliveryBySlug().map((b) => b.path)).toEqual(
      expect.arrayContaining(['/news/by-slug/{slug}', '/policies/by-slug/{slug}', '/page-items/by-slug/{slug}', '/jobs/by-slug/{slug}']),
    );
    expect(feeds).toBe(DELIVERY_FEEDS.length);
  });

  it('marks what is required and what may be null as it really is', () => {
    const schema = (p: string, status = 200) => resolved.paths[`${PREFIX}${p}`].get.responses[status].content['application/json'].schema;
    const list = schema('/news');
    expect(list.required).toEqual(['code', 'msg', 'rows', 'total', 'meta']);
    expect(list.properties.meta.required).toEqual(['page', 'pageSize', 'total', 'pageCount']);
    const row = list.properties.rows.items;
    expect(row.required).toEqual(Object.keys(row.properties));
    expect(row.additionalProperties).toBe(false);
    expect(row.properties.title).toEqual({ type: 'string' });
    expect(row.properties.isTop).toEqual({ type: 'integer', enum: [0, 1] });
    expect(row.properties.typeName.type).toEqual(['string', 'null']);
    expect(row.properties.publishTime).toMatchObject({ type: 'string', format: 'date-time' });
    expect(row.properties.summaryImgMeta.anyOf).toEqual([
      expect.objectContaining({ required: ['url', 'width', 'height', 'alt', 'srcset'] }),
      { type: 'null' },
    ]);
    expect(row.properties.content).toBeUndefined();
    const one = schema('/news/{id}').properties.data;
    expect(one.properties.content).toEqual(expect.objectContaining({ type: 'string' }));
    // a banner has no creation time to fall back to: its publish time may be null
    expect(schema('/banners').properties.data.items.properties.publishTime.type).toEqual(['string', 'null']);
    const params = resolved.paths[`${PREFIX}/news`].get.parameters.map((x: Node) => x.name);
    expect(params).toEqual(
      expect.arrayContaining([
        'page',
        'pageSize',
        'keyword',
        'type',
        'fields',
        'sort',
        'q',
        'isTop',
        'isHot',
        'publishTimeFrom',
        'publishTimeTo',
      ]),
    );
    expect(resolved.paths[`${PREFIX}/news`].get.parameters.find((x: Node) => x.name === 'sort').schema.enum).toEqual(
      expect.arrayContaining(['publishTime', '-publishTime', 'title', '-title']),
    );
    expect(schema('/news', 400).required).toEqual(['code', 'msg']);
  });

  it('answers as it says: every path of the demo content matches its schema', async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true, formats: { 'date-time': true, uri: true } });
    const wrong: string[] = [];
    const db = looseDb(t.current.ctx.db);
    let metas = 0;
    for (const e of deliveryEndpoints().filter((x) => x.method === 'GET')) {
      let urls = [`${PREFIX}${e.path}`];
      if (e.params) {
        const ids = (await db.selectFrom(e.resource.table).select('id').orderBy('id').execute()).map((r) => Number(r.id));
        urls = ids.map((id) => `${PREFIX}${e.path.replace('{id}', String(id))}`);
      }
      const validate = ajv.compile(resolved.paths[`${PREFIX}${e.path}`].get.responses[200].content['application/json'].schema);
      for (const url of urls) {
        const r = await get(url);
        if (r.statusCode === 404) continue;
        expect([url, r.statusCode]).toEqual([url, 200]);
        const body = r.body;
        metas += (body.match(/"url":"http/g) ?? []).length;
        if (!validate(r.json())) wrong.push(`${url}: ${ajv.errorsText(validate.errors)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(metas).toBeGreaterThan(3);
    expect((await get(`${PREFIX}/news?q=${encodeURIComponent('中欧班列')}&fields=id,title`)).json().total).toBeGreaterThan(0);
  });

  describe('a site module typed by a client generated with openapi-typescript', () => {
    let dir: string;
    beforeAll(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gk-delivery-'));
    });
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('compiles under strict with no casts, and a wrong use of a nullable field does not', async () => {
      fs.writeFileSync(path.join(dir, 'delivery.d.ts'), astToString(await openapiTS(structuredClone(doc))));
      fs.writeFileSync(
        path.join(dir, 'site.ts'),
        `import type { paths } from './delivery';
type NewsList = paths['/public/v1/news']['get']['responses'][200]['content']['application/json'];
type NewsDetail = paths['/public/v1/news/{id}']['get']['responses'][200]['content']['application/json'];
type Company = paths['/public/v1/company']['get']['responses'][200]['content']['application/json'];

/** a news list page: its titles with their date, and where the pager is */
export function newsPage(reply: NewsList): { items: string[]; pager: string } {
  const items = reply.rows.map((r) => \`\${r.title.trim()} · \${new Date(r.publishTime).toISOString()} · \${r.summaryImg.length ? 'img' : ''}\`);
  return { items, pager: \`\${reply.meta.page} / \${reply.meta.pageCount} (\${reply.meta.total}, \${reply.meta.pageSize} a page)\` };
}

/** a news page's picture, sized and responsive */
export function picture(reply: NewsDetail): string {
  const m = reply.data.summaryImgMeta;
  if (!m) return '';
  const widths: string[] = m.srcset.split(', ').map((c) => c.split(' ')[1]);
  return \`<img src="\${m.url}" width="\${m.width}" height="\${m.height}" alt="\${m.alt}" srcset="\${m.srcset}" data-widths="\${widths.join()}">\${reply.data.content.trim()}\`;
}

/** the footer, from the company profile */
export function footer(reply: Company): string {
  return \`\${reply.data.name.trim()} \${reply.data.recordNumber.trim()} \${reply.data.logoMeta?.srcset ?? reply.data.logo}\`;
}

type NewsBySlug = paths['/public/v1/news/by-slug/{slug}']['get']['responses'];
type Locale = NonNullable<paths['/public/v1/news/{id}']['get']['parameters']['query']>['locale'];

/** a news page's head in its locale: language, alternates, SEO fields, the share image */
export function head(reply: NewsDetail, site: string): string {
  const d = reply.data;
  const langs: Locale[] = d.locales;
  const alternates = langs.map((l) => \`<link rel="alternate" hreflang="\${l}" href="\${site}/\${l}/news/\${d.slug}">\`).join('');
  const og = d.ogImageMeta ? \`<meta property="og:image" content="\${d.ogImageMeta.url}">\` : '';
  const note = d.fallbackFields.includes('content') ? 'translation pending' : '';
  return \`<html lang="\${d.locale}"><title>\${d.metaTitle.trim()}</title><meta name="description" content="\${d.metaDescription}">\${d.noindex === 1 ? '<meta name="robots" content="noindex">' : ''}\${alternates}\${og}\${note}\`;
}

/** where an old slug now lives */
export function moved(reply: NewsBySlug[301]['content']['application/json']): string {
  return reply.data.slug;
}
`,
      );
      expect(compileStrict(dir, ['delivery.d.ts', 'site.ts'])).toEqual([]);
      fs.writeFileSync(
        path.join(dir, 'wrong.ts'),
        `import type { paths } from './delivery';
type NewsList = paths['/public/v1/news']['get']['responses'][200]['content']['application/json'];
export const typeNames = (reply: NewsList) => reply.rows.map((r) => r.typeName.trim());
`,
      );
      expect(compileStrict(dir, ['delivery.d.ts', 'wrong.ts'])).toEqual([
        expect.stringMatching(/^wrong\.ts: 'r\.typeName' is possibly 'null'/),
      ]);
    }, 120_000);
  });
});
