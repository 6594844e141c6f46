import crypto from 'node:crypto';
import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, type ReplyBody, useTestApp } from '../../test/harness.js';
import { insertUser, insertUserHoldingAllBut } from '../../test/users.js';
import { type Cell, form, xlsx } from '../../test/xlsx.js';

describe.each(DIALECTS)('Excel import on %s', (dialect) => {
  const t = useTestApp(dialect, { importMaxRows: 20_000, importMaxBytes: 2 * 1024 * 1024 });
  let admin = '';
  beforeAll(async () => {
    admin = await t.current.login();
  });

  const call = async (path: string, parts: Record<string, string | Buffer>, token = admin, lang?: string) => {
    const { payload, headers } = form(parts);
    const res = await t.current.app.inject({
      method: 'POST',
      url: `/api/import/${path}`,
      payload,
      headers: { ...headers, token, ...(lang ? { lang } : {}) },
    });
    return { status: res.statusCode, body: res.json() as ReplyBody };
  };

  it('checks 10,000 links with 37 planted errors by row and column, imports the valid rows, undoes them', async () => {
    const rows: Cell[][] = [];
    const planted: { row: number; column: string }[] = [];
    for (let i = 0; i < 10_000; i++) {
      const row = i + 2;
      let name: Cell = `链接 ${i}`;
      let url: Cell = `https://example.com/${i}`;
      let sort: Cell = i;
      const flag: Cell = 1;
      if (i % 270 === 5 && planted.length < 37) {
        const k = planted.length % 3;
        if (k === 0) {
          name = '';
          planted.push({ row, column: '名称' });
        } else if (k === 1) {
          url = 'not a url';
          planted.push({ row, column: '链接地址' });
        } else {
          sort = 'abc';
          planted.push({ row, column: '排序' });
        }
      }
      rows.push([name, url, sort, flag]);
    }
    expect(planted).toHaveLength(37);
    const file = await xlsx(['名称', '链接地址', '排序', '启用'], rows);
    const started = performance.now();
    const checked = await call('checkImport', { resource: 'link', file });
    const checkMs = performance.now() - started;
    expect(checked.status).toBe(200);
    const data = checked.body.data;
    expect(data.rows).toBe(10_000);
    expect(data.errors.map((e: { row: number; column: string }) => ({ row: e.row, column: e.column }))).toEqual(planted);
    expect(data.adds).toBe(10_000 - 37);
    expect(data.preview).toHaveLength(50);

    const refused = await call('doImport', { resource: 'link', mode: 'all', file });
    expect(refused.body.code).toBe(400);
    expect(refused.body.msg).toBe('文件有 37 处错误，请修正后再导入，或选择仅导入有效行。');

    const t0 = performance.now();
    const done = await call('doImport', { resource: 'link', mode: 'valid', file });
    const importMs = performance.now() - t0;
    expect(done.body.code).toBe(200);
    expect(done.body.data).toMatchObject({ adds: 9963, updates: 0, skipped: 37 });
    const { n } = (await t.current.ctx.db
      .selectFrom('friend_link')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()) as { n: number };
    expect(Number(n)).toBe(9963);
    // one operation-log entry for the whole import
    const logs = await t.current.ctx.db.selectFrom('oper_log').selectAll().where('module', '=', 'link').execute();
    expect(logs.map((l) => l.action)).toEqual(['import']);
    expect(JSON.parse(String(logs[0].after_data))).toMatchObject({ importId: done.body.data.id, adds: 9963 });
    console.log(`[${dialect}] 10k links: check ${(checkMs / 1000).toFixed(2)} s, import ${(importMs / 1000).toFixed(2)} s`);

    const undo = await t.current.post(`/import/undoImport?id=${done.body.data.id}`, undefined, { token: admin });
    expect(undo.body.code).toBe(200);
    const after = await t.current.ctx.db.selectFrom('friend_link').select('id').execute();
    expect(after).toHaveLength(0);
    expect(await t.current.ctx.db.selectFrom('recycle_bin').selectAll().where('resource', '=', 'link').execute()).toHaveLength(0);
    const again = await t.current.post(`/import/undoImport?id=${done.body.data.id}`, undefined, { token: admin });
    expect(again.body.msg).toBe('该导入已撤销。');
  }, 600_000);

  it('checks 10,000 contacts with 37 planted errors by row and column, imports the valid rows, undoes them', async () => {
    const rows: Cell[][] = [];
    const planted: { row: number; column: string }[] = [];
    for (let i = 0; i < 10_000; i++) {
      const row = i + 2;
      let sponsor: Cell = `华通物流第 ${i} 分公司`;
      let address: Cell = `上海市浦东新区港城路 ${i} 号`;
      let flag: Cell = 0;
      if (i % 263 === 11 && planted.length < 37) {
        const k = planted.length % 3;
        if (k === 0) {
          sponsor = '';
          planted.push({ row, column: '主办单位' });
        } else if (k === 1) {
          address = '';
          planted.push({ row, column: '地址' });
        } else {
          flag = '是吗';
          planted.push({ row, column: '启用' });
        }
      }
      rows.push([sponsor, address, `021-5${String(i).padStart(7, '0')}`, `沪ICP备${i}号`, flag]);
    }
    expect(planted).toHaveLength(37);
    const file = await xlsx(['主办单位', '地址', '电话', '备案号', '启用'], rows);
    const before = (await t.current.ctx.db.selectFrom('contact_head').select('id').execute()).length;
    const checked = await call('checkImport', { resource: 'contact', file });
    expect(checked.status).toBe(200);
    expect(checked.body.data.errors.map((e: { row: number; column: string }) => ({ row: e.row, column: e.column }))).toEqual(planted);
    expect(checked.body.data.adds).toBe(10_000 - 37);
    const done = await call('doImport', { resource: 'contact', mode: 'valid', file });
    expect(done.body.code).toBe(200);
    expect(done.body.data).toMatchObject({ adds: 9963, updates: 0, skipped: 37 });
    expect(await t.current.ctx.db.selectFrom('contact_head').select('id').execute()).toHaveLength(before + 9963);
    const undo = await t.current.post(`/import/undoImport?id=${done.body.data.id}`, undefined, { token: admin });
    expect(undo.body.code).toBe(200);
    expect(await t.current.ctx.db.selectFrom('contact_head').select('id').execute()).toHaveLength(before);
  }, 600_000);

  it('stores a formula cell as its text, and updates by the natural key', async () => {
    const file = await xlsx(
      ['名称', '链接地址'],
      [
        [{ formula: "cmd|' /C calc'!A0" }, 'https://a.example/'],
        [{ formula: '1+2' }, 'https://b.example/'],
      ],
    );
    const r = await call('doImport', { resource: 'link', mode: 'all', file });
    expect(r.body.code).toBe(200);
    // the operation log's entry names the import and whether it can be undone (撤销导入)
    const log = await t.current.post('/log/getOperLogPage', { pageNumber: 1, pageSize: 5, action: 'import' }, { token: admin });
    expect(log.body.rows[0]).toMatchObject({ action: 'import', importId: r.body.data.id, undoable: true });
    const names = (await t.current.ctx.db.selectFrom('friend_link').select('name').orderBy('id').execute()).map((x) => x.name);
    expect(names).toEqual(["=cmd|' /C calc'!A0", '=1+2']);
    const update = await xlsx(['name', 'url'], [['=1+2', 'https://c.example/']]);
    const checked = await call('checkImport', { resource: 'link', file: update });
    expect(checked.body.data).toMatchObject({ adds: 0, updates: 1, errors: [] });
  });

  it('refuses bad files and changes nothing', async () => {
    const count = async () => (await t.current.ctx.db.selectFrom('friend_link').select('id').execute()).length;
    const before = await count();
    const notXlsx = await call('checkImport', { resource: 'link', file: Buffer.from('name,url\na,b\n') });
    expect(notXlsx.body.msg).toBe('文件不是有效的 xlsx 表格。');
    const brokenZip = await call('checkImport', {
      resource: 'link',
      file: Buffer.concat([Buffer.from('PK\u0003\u0004'), crypto.randomBytes(200)]),
    });
    expect(brokenZip.body.msg).toBe('文件不是有效的 xlsx 表格。');
    const merged = await xlsx(['名称', '链接地址'], [['a', 'https://a.example/']], (ws) => ws.mergeCells('A2:B2'));
    expect((await call('doImport', { resource: 'link', file: merged })).body.msg).toBe('文件含有合并单元格（A2:B2），请取消合并后再导入。');
    // a zip bomb: 100 MB of zeros packs into well under a megabyte (the cap here: 20 × 2 MB)
    const bomb = zipSync({ 'xl/worksheets/sheet1.xml': new Uint8Array(100 * 1024 * 1024) }, { level: 9 });
    const bombed = await call('doImport', { resource: 'link', file: Buffer.from(bomb) });
    expect(bombed.body.code).toBe(400);
    expect(bombed.body.msg).toMatch(/^文件解压后过大（上限/);
    const unknown = await xlsx(['名称', '链接地址', '颜色'], [['a', 'https://a.example/', 'red']]);
    expect((await call('checkImport', { resource: 'link', file: unknown })).body.msg).toBe('未知的列：颜色');
    expect((await call('checkImport', { resource: 'link', file: unknown }, admin, 'en')).body.msg).toBe('Unknown column: 颜色');
    expect(await count()).toBe(before);
  }, 120_000);

  it('refuses a file over IMPORT_MAX_ROWS (100,000 rows) before reading it', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('data');
    ws.addRow(['名称', '链接地址']);
    for (let i = 0; i < 100_000; i++) ws.addRow([`n${i}`, 'https://a.example/']);
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    const r = await call('checkImport', { resource: 'link', file });
    expect(r.body.msg).toBe('文件有 100000 行数据，超过上限 20000 行。');
  }, 180_000);

  it('needs the resource save permission (403)', async () => {
    await insertUserHoldingAllBut(t.current.ctx, 'nolinksave', 'Passw0rd_1', '/headerContorller/saveLink');
    const tok = await t.current.login('nolinksave', 'Passw0rd_1');
    const file = await xlsx(['名称', '链接地址'], [['x', 'https://x.example/']]);
    const r = await call('checkImport', { resource: 'link', file }, tok);
    expect(r.status).toBe(403);
    const tpl = await t.current.app.inject({ method: 'GET', url: '/api/import/getTemplate?resource=link', headers: { token: tok } });
    expect(tpl.statusCode).toBe(403);
  });

  it('gives a template with header notes and drop-downs', async () => {
    const res = await t.current.app.inject({ method: 'GET', url: '/api/import/getTemplate?resource=news', headers: { token: admin } });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const head = (ws.getRow(1).values as string[]).slice(1);
    expect(head).toEqual(['编码', '标题', '新闻类型', '摘要', '正文', '发布时间']);
    expect(String(ws.getCell('B1').note && JSON.stringify(ws.getCell('B1').note))).toContain('必填');
    // 启用 of a link: a drop-down of 1 / 0
    const links = await t.current.app.inject({ method: 'GET', url: '/api/import/getTemplate?resource=link', headers: { token: admin } });
    const lw = new ExcelJS.Workbook();
    await lw.xlsx.load(links.rawPayload as unknown as ArrayBuffer);
    expect((lw.worksheets[0].getRow(1).values as string[]).slice(1)).toEqual(['编码', '名称', '链接地址', '排序', '启用']);
    expect(lw.worksheets[0].getCell('E2').dataValidation).toMatchObject({ type: 'list', formulae: ['"1,0"'] });
  });

  it('imports news with its HTML body sanitized and its type by name', async () => {
    await t.current.post('/news/saveNewsType', { code: 'hy', name: '行业动态' }, { token: admin });
    const file = await xlsx(
      ['标题', '新闻类型', '正文'],
      [
        ['安全新闻', '行业动态', '<p>好</p><script>alert(1)</script>'],
        ['错类型', '没有这个', '<p>x</p>'],
      ],
    );
    const checked = await call('checkImport', { resource: 'news', file });
    if (!checked.body.data) console.log(checked.body);
    expect(checked.body.data.errors).toEqual([{ row: 3, column: '新闻类型', msg: '“没有这个”不存在' }]);
    const r = await call('doImport', { resource: 'news', file, mode: 'valid' });
    expect(r.body.code).toBe(200);
    const row = await t.current.ctx.db
      .selectFrom('news')
      .select(['title', 'type', 'content'])
      .where('title', '=', '安全新闻')
      .executeTakeFirstOrThrow();
    expect(row.type).toBe('hy');
    expect(row.content).toBe('<p>好</p>');
    // one revision per record
    const revs = await t.current.ctx.db.selectFrom('revision').selectAll().where('resource', '=', 'news').execute();
    expect(revs).toHaveLength(1);
  });

  it('imports users through the user save (password, roles) and refuses a climb', async () => {
    const file = await xlsx(['用户名', '部门', '角色', '是否启用', '密码'], [['newbie', '', '内容编辑', 1, 'Passw0rd_1']]);
    const r = await call('doImport', { resource: 'userInfo', file, mode: 'all' });
    if (r.body.code !== 200) console.log(r.body);
    expect(r.body.code).toBe(200);
    expect((await t.current.post('/login/doLogin', { username: 'newbie', password: 'Passw0rd_1' })).body.code).toBe(200);
    const noPwd = await xlsx(['用户名', '角色', '是否启用'], [['nopwd', '内容编辑', 1]]);
    const c = await call('checkImport', { resource: 'userInfo', file: noPwd });
    expect(c.body.data.errors).toHaveLength(1);
    expect(c.body.data.errors[0].row).toBe(2);
    // a user manager who is no administrator cannot make an administrator
    await insertUser(t.current.ctx, 'usermgr', 'Passw0rd_1', []);
    await insertUserHoldingAllBut(t.current.ctx, 'climber', 'Passw0rd_1', '/role/saveRole');
    const tok = await t.current.login('climber', 'Passw0rd_1');
    const climb = await xlsx(['用户名', '角色', '是否启用', '密码'], [['boss2', '超级管理员', 1, 'Passw0rd_1']]);
    const refused = await call('doImport', { resource: 'userInfo', file: climb, mode: 'all' }, tok);
    expect(refused.body.code).toBe(403);
    expect(await t.current.ctx.db.selectFrom('sys_user').select('id').where('user_name', '=', 'boss2').executeTakeFirst()).toBeUndefined();
  });
});
