import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { allEndpoints } from '@gk/contracts';
import Ajv2020 from 'ajv/dist/2020.js';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeInputDocs } from '../../http/route.js';
import { compileStrict } from '../../test/compile-strict.js';
import { DIALECTS, useTestApp } from '../../test/harness.js';
import { insertUser } from '../../test/users.js';

/** a node of the parsed document as JSON.parse gives it, walked freely by the assertions (they are the checks) */
type Node = ReturnType<typeof JSON.parse>;
type Doc = {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, Node>>;
  components: { schemas: Record<string, Node>; securitySchemes: Record<string, Node> };
};

describe.each(DIALECTS)('the staff API reference on %s', (dialect) => {
  const t = useTestApp(dialect);
  let doc: Doc;
  let adminToken: string;

  beforeAll(async () => {
    adminToken = await t.current.login();
    const res = await t.current.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { token: adminToken } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    doc = res.json();
  });

  it('needs a sign-in: without a token it is the usual 50008 refusal', async () => {
    const res = await t.current.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 50008, msg: expect.any(String) });
  });

  it('is readable by any signed-in account, whatever its roles', async () => {
    // a role that grants nothing (an account without a usable role cannot sign in at all)
    await t.current.ctx.db.insertInto('sys_role').values({ code: 'docs_none', name: '无权限' }).execute();
    await insertUser(t.current.ctx, 'docs_reader', 'Reader_123456', ['docs_none']);
    const token = await t.current.login('docs_reader', 'Reader_123456');
    const res = await t.current.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { token } });
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toBe('3.1.0');
  });

  it('系统管理 › 接口文档 is seeded to the administrator, not to the editor role', async () => {
    type Menu = { routeName: string; url: string; title: string; children?: Menu[] };
    const apiDocsOf = async (token: string) => {
      const menus: Menu[] = (await t.current.post('/user/info', {}, { token })).body.data.menus;
      return menus.flatMap((m) => m.children ?? []).filter((c) => c.routeName === 'ApiDocs');
    };
    expect(await apiDocsOf(adminToken)).toEqual([expect.objectContaining({ url: '/system/api-docs', title: '接口文档' })]);
    await insertUser(t.current.ctx, 'docs_editor', 'Editor_123456', ['editor']);
    expect(await apiDocsOf(await t.current.login('docs_editor', 'Editor_123456'))).toEqual([]);
  });

  it('is a valid OpenAPI 3.1 document (swagger-parser)', async () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: '/api' }]);
    // validate() dereferences in place: give it a copy
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('a broken document fails the same validator (the check can fail)', async () => {
    const broken = structuredClone(doc);
    broken.paths['/news/getNewsList'].post.responses = { 200: { content: {} } };
    await expect(SwaggerParser.validate(broken as never)).rejects.toThrow();
  });

  it('has every path and method of every endpoint table, and of every route the server declared', () => {
    const missing = allEndpoints()
      .filter((e) => !doc.paths[e.path]?.[e.method.toLowerCase()])
      .map((e) => `${e.method} ${e.path}`);
    expect(missing).toEqual([]);
    const declared = [...routeInputDocs().keys()].filter((k) => {
      const [method, p] = k.split(' ');
      return !doc.paths[p]?.[method.toLowerCase()];
    });
    expect(declared).toEqual([]);
    // legacy spellings kept, both methods where the SPEC has both
    expect(doc.paths['/headerContorller/getLinkPage'].post).toBeDefined();
    expect(doc.paths['/KJ/GetUserTabFiledNameConfig'].get).toBeDefined();
    expect(Object.keys(doc.paths['/config']).sort()).toEqual(['get', 'post']);
    const operations = Object.values(doc.paths).reduce((n, p) => n + Object.keys(p).length, 0);
    expect(operations).toBe(allEndpoints().length);
  });

  it('describes a resource list: body filters, the page reply and nullable row fields', () => {
    const op = doc.paths['/news/getNewsList'].post;
    const body = op.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['title', 'pageNumber', 'pageSize', 'sortField', 'sortOrder']));
    const reply = op.responses[200].content['application/json'].schema;
    expect(reply.required).toEqual(['code', 'msg', 'rows', 'total']);
    expect(reply.properties.rows.items).toEqual({ $ref: '#/components/schemas/NewsListRow' });
    const row = doc.components.schemas.NewsListRow;
    expect(row.properties.title.type).toEqual(['string', 'null']);
    expect(row.properties.id).toEqual({ type: 'integer' });
    expect(row.properties.content).toBeUndefined(); // a list leaves the rich-text body out
    expect(doc.components.schemas.News.properties.content).toBeDefined();
    expect(op.security).toBeUndefined(); // the document's default: the token header
    expect(doc.components.securitySchemes.token).toEqual(expect.objectContaining({ type: 'apiKey', in: 'header', name: 'token' }));
    expect(op.responses[401]).toBeDefined();
    expect(op.responses[403]).toBeDefined();
  });

  it('describes a save with its required fields, a get by ?id=, a delete by ids and a toggle', () => {
    const save = doc.paths['/news/saveNews'].post.requestBody.content['application/json'].schema;
    expect(save).toEqual({ $ref: '#/components/schemas/NewsSave' });
    const saveSchema = doc.components.schemas.NewsSave;
    expect(saveSchema.required).toEqual(expect.arrayContaining(['title']));
    expect(saveSchema.required).not.toContain('id');
    expect(saveSchema.properties.id).toBeDefined();
    const get = doc.paths['/news/getNews'].post;
    expect(get.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'query', required: true })]);
    expect(get.responses[200].content['application/json'].schema.properties.data).toEqual({ $ref: '#/components/schemas/News' });
    const del = doc.paths['/news/delNews'].post.requestBody.content['application/json'].schema;
    expect(del.oneOf[0]).toEqual(expect.objectContaining({ type: 'array' }));
    const toggle = doc.paths['/news/upisTop'].post.parameters.map((p: { name: string }) => p.name);
    expect(toggle).toEqual(['id', 'flag']);
  });

  it('describes the login as public, the upload as multipart and custom routes with their schemas', () => {
    const login = doc.paths['/login/doLogin'].post;
    expect(login.security).toEqual([]);
    expect(Object.keys(login.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['username', 'password']),
    );
    const upload = doc.paths['/upload/upload'].post;
    expect(upload.requestBody.content['multipart/form-data'].schema.required).toEqual(['file']);
    expect(upload.responses[200].content['application/json'].schema.properties.data.required).toEqual(['name', 'url']);
    const options = doc.paths['/AutoComplete/AutoSeaPorts'].get.responses[200].content['application/json'].schema;
    expect(options.required).toEqual(['code', 'msg', 'list', 'intTotal']);
    const operLog = doc.paths['/log/getOperLogPage'].post;
    expect(operLog.responses[200].content['application/json'].schema.required).toEqual(['code', 'msg', 'rows', 'total']);
    expect(Object.keys(operLog.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['pageNumber', 'pageSize']),
    );
    expect(doc.paths['/KJ/GetUserTabFiledNameConfig'].get.parameters).toEqual([
      expect.objectContaining({ name: 'modelType', in: 'query' }),
    ]);
    expect(doc.paths['/recycle/restore'].post.requestBody.content['application/json'].schema.type).toBe('array');
  });

  it('documents the replies the server gives: every read call without a required input, answered to the administrator', async () => {
    const resolved = (await SwaggerParser.dereference(structuredClone(doc) as never)) as unknown as Doc;
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    const checked: string[] = [];
    const wrong: string[] = [];
    for (const e of allEndpoints().filter((x) => x.kind === 'read')) {
      const op = resolved.paths[e.path][e.method.toLowerCase()];
      const needsInput =
        (op.parameters ?? []).some((p: Node) => p.required) || op.requestBody?.content?.['application/json']?.schema?.required?.length;
      if (needsInput) continue;
      const res = await t.current.app.inject({
        method: e.method,
        url: `/api${e.path}`,
        headers: { token: adminToken },
        payload: e.method === 'POST' ? {} : undefined,
      });
      const validate = ajv.compile(op.responses[res.statusCode]?.content?.['application/json']?.schema ?? { not: {} });
      if (!validate(res.json())) wrong.push(`${e.path} ${res.statusCode}: ${ajv.errorsText(validate.errors)}`);
      checked.push(e.path);
    }
    expect(wrong).toEqual([]);
    // the lists of every resource and the custom pages (operation log, recycle bin, online sessions …) were among them
    expect(checked).toEqual(
      expect.arrayContaining(['/news/getNewsList', '/log/getOperLogPage', '/recycle/getRecyclePage', '/role/getRoleList']),
    );
  });

  it('documents a record as the server answers it: save, get and a list row of a news item', async () => {
    const resolved = (await SwaggerParser.dereference(structuredClone(doc) as never)) as unknown as Doc;
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    const reply = (path: string) => resolved.paths[path].post.responses[200].content['application/json'].schema;
    const check = (path: string, body: unknown) => {
      const validate = ajv.compile(reply(path));
      return validate(body) ? 'ok' : `${path}: ${ajv.errorsText(validate.errors)}`;
    };
    const type = await t.current.post('/news/saveNewsType', { code: 'apidoc', name: '接口文档类型' }, { token: adminToken });
    expect(type.body).toEqual(expect.objectContaining({ code: 200 }));
    const saved = await t.current.post(
      '/news/saveNews',
      { title: '接口文档的新闻', type: 'apidoc', summary: '摘要', content: '<p>正文</p>', isTop: 1 },
      { token: adminToken },
    );
    expect(saved.body).toEqual(expect.objectContaining({ code: 200 }));
    expect(check('/news/saveNews', saved.body)).toBe('ok');
    const id = saved.body.data.id;
    const got = await t.current.app.inject({ method: 'POST', url: `/api/news/getNews?id=${id}`, headers: { token: adminToken } });
    expect(check('/news/getNews', got.json())).toBe('ok');
    const list = await t.current.post('/news/getNewsList', { title: '接口文档的新闻' }, { token: adminToken });
    expect(list.body.rows).toHaveLength(1);
    expect(check('/news/getNewsList', list.body)).toBe('ok');
    // and the check can fail: a number where the document says text
    expect(check('/news/getNewsList', { ...list.body, rows: [{ ...list.body.rows[0], title: 7 }] })).toMatch(/title/);
  });

  describe('a client generated with openapi-typescript', () => {
    let dir: string;
    beforeAll(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gk-openapi-'));
    });
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('compiles under strict, and a wrong use of it does not', async () => {
      const dts = astToString(await openapiTS(structuredClone(doc) as never));
      fs.writeFileSync(path.join(dir, 'staff.d.ts'), dts);
      fs.writeFileSync(
        path.join(dir, 'use.ts'),
        `import type { components, paths } from './staff';
type ListReply = paths['/news/getNewsList']['post']['responses'][200]['content']['application/json'];
type Row = components['schemas']['NewsListRow'];
type SaveBody = paths['/news/saveNews']['post']['requestBody']['content']['application/json'];
type Login = NonNullable<paths['/login/doLogin']['post']['requestBody']>['content']['application/json'];
const row: Row = { ...({} as Row), title: null };
export const reply: ListReply = { code: 200, msg: 'ok', rows: [row], total: 1 };
export const body: SaveBody = { title: '港口新闻', ...({} as Omit<SaveBody, 'title'>) };
export const login: Login = { username: 'admin', password: 'x' };
export const query: paths['/news/getNews']['post']['parameters']['query'] = { id: 1 };
`,
      );
      expect(compileStrict(dir, ['staff.d.ts', 'use.ts'])).toEqual([]);
      fs.writeFileSync(
        path.join(dir, 'wrong.ts'),
        `import type { paths } from './staff';
type ListReply = paths['/news/getNewsList']['post']['responses'][200]['content']['application/json'];
export const reply: ListReply = { code: 200, msg: 'ok', rows: 'none', total: 1 };
`,
      );
      expect(compileStrict(dir, ['staff.d.ts', 'wrong.ts'])).toEqual([
        expect.stringMatching(/^wrong\.ts: Type 'string' is not assignable/),
      ]);
    }, 120_000);
  });
});
