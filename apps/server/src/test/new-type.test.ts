import {
  dateRange,
  defineEndpoints,
  defineResource,
  optText,
  publishFields,
  publishFilter,
  publishSave,
  reqText,
  scheduleRule,
  WEBHOOK_ACTIONS,
} from '@gk/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Ctx } from '../context.js';
import { createContentTable } from '../db/migrations/helpers.js';
import { capabilitySuite } from './capability-suite.js';
import { DIALECTS, useTestApp } from './harness.js';
import { scopeSuite } from './scope-suite.js';

/**
 * A content type that exists only in this test file (its own process: the registry of the other files does
 * not see it), described with every capability and given a table, and nothing else: no server module, no
 * registration. The capability suite must find it and pass — what a new content type gets from its
 * description alone.
 */
const probeEndpoints = defineEndpoints('probe', {
  list: { path: '/probe/getProbePage', kind: 'read', name: '探针列表' },
  get: { path: '/probe/getProbe', kind: 'read', name: '探针详情' },
  save: { path: '/probe/saveProbe', kind: 'write', name: '保存探针' },
  del: { path: '/probe/delProbe', kind: 'write', name: '删除探针' },
  publish: { path: '/probe/publishProbe', kind: 'write', name: '发布探针' },
  unpublish: { path: '/probe/unpublishProbe', kind: 'write', name: '下线探针' },
  preview: { path: '/probe/previewProbe', kind: 'read', name: '预览探针' },
  previewForm: { path: '/probe/previewProbeForm', kind: 'write', name: '预览未保存的探针' },
});

const probeResource = defineResource({
  name: 'probe',
  module: 'probe',
  table: 'probe_item',
  label: 'probe.entity',
  fields: [
    { name: 'id', type: 'int', label: 'common.f.code', readOnly: true },
    { name: 'title', type: 'text', label: 'probe.f.title', list: true, sortable: true },
    { name: 'city', type: 'text', label: 'probe.f.city', list: true },
    { name: 'content', type: 'html', label: 'probe.f.content' },
    { name: 'createTime', type: 'datetime', label: 'common.f.createTime', readOnly: true, list: true, sortable: true },
    ...publishFields,
  ],
  save: z
    .object({ title: reqText('probe.titleRequired', 200), city: optText(50), content: optText(100_000), ...publishSave })
    .superRefine(scheduleRule),
  filters: [
    { param: 'title', field: 'title', op: 'like' },
    { param: 'city', field: 'city', op: 'eq' },
    ...dateRange('createTime'),
    publishFilter,
  ],
  endpoints: { list: probeEndpoints.list, get: probeEndpoints.get, save: probeEndpoints.save, del: probeEndpoints.del },
  del: 'ids',
  order: [['createTime', 'desc']],
  pageSize: 20,
  publishable: { publish: probeEndpoints.publish, unpublish: probeEndpoints.unpublish },
  previewable: { byId: probeEndpoints.preview, form: probeEndpoints.previewForm },
  revisioned: true,
  webhook: WEBHOOK_ACTIONS,
  delivery: {
    list: {
      path: '/probes',
      summary: 'Published probes',
      operationId: 'probeList',
      reply: 'page',
      filters: { keyword: 'title', city: 'city' },
    },
    get: { path: '/probes/{id}', summary: 'One published probe', operationId: 'probe' },
  },
});

/** its migration, as a new migration file would write it */
const createTable = async (ctx: Ctx) => {
  await createContentTable(ctx.db as never, ctx.dialect, probeResource.table, {
    title: 'text:200',
    city: 'text:50',
    content: 'html',
    create_time: 'time',
    status: 'text:16',
    publish_time: 'text?:19',
    offline_time: 'text?:19',
  });
};

describe.each(DIALECTS)('a content type described and migrated, nothing else, on %s', (dialect) => {
  capabilitySuite(dialect, { only: (def) => def.name === probeResource.name, setup: createTable });
  describe('its data scope', () => scopeSuite(dialect, { only: (def) => def.name === probeResource.name, setup: createTable }));

  describe('its routes', () => {
    const t = useTestApp(dialect);
    it('has its list, get, save and delete from the description, and appears in the delivery OpenAPI document', async () => {
      await createTable(t.current.ctx);
      const token = await t.current.login();
      const post = (path: string, body?: unknown) => t.current.post(path, body, { token });
      const saved = await post('/probe/saveProbe', { title: '新类型', city: '上海', content: '<p>正文</p>' });
      expect(saved.body).toMatchObject({ code: 200, msg: '保存成功', data: { title: '新类型', city: '上海', status: 'published' } });
      expect((await post('/probe/getProbePage', { city: '上海' })).body).toMatchObject({ code: 200, total: 1 });
      expect((await post(`/probe/getProbe?id=${saved.body.data.id}`)).body.data.content).toBe('<p>正文</p>');
      expect((await post('/probe/getProbePage', { title: '' })).body.code).toBe(200);
      const doc = (await t.current.app.inject({ method: 'GET', url: `${t.current.ctx.config.publicApiPrefix}/openapi.json` })).json() as {
        paths: Record<string, unknown>;
      };
      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining([`${t.current.ctx.config.publicApiPrefix}/probes`, `${t.current.ctx.config.publicApiPrefix}/probes/{id}`]),
      );
      expect((await post('/probe/delProbe', [saved.body.data.id])).body).toEqual({ code: 200, msg: '删除成功' });
    });
  });
});
