import { z } from 'zod';
import { defineEndpoints } from '../endpoints.js';
import { defineMessages } from '../i18n/index.js';
import { id } from '../validators.js';

/**
 * 历史版本 (revisions): each save of a resource described `revisioned` keeps the record as saved (who, when), capped per record
 * (`REVISIONS_KEEP`). Reading them needs the right to read the resource; 恢复此版本 saves that version again
 * through the resource's own save (its rules and permission), which keeps a new revision.
 */

export const revisionEndpoints = defineEndpoints('revision', {
  list: { path: '/revision/getRevisionList', kind: 'session', name: '历史版本列表' },
  get: { path: '/revision/getRevision', kind: 'session', name: '历史版本详情' },
  restore: { path: '/revision/restore', kind: 'session', name: '恢复历史版本' },
});

export const revisionListSchema = z.object({
  resource: z.string({ error: 'revision.unknownResource' }).max(40),
  id: id(),
});

/** One revision as the list shows it. */
export interface RevisionRow {
  id: number;
  userName: string;
  saveTime: string;
  title: string;
}

export const revisionMessages = defineMessages({
  zh: {
    'revision.entity': '历史版本',
    'revision.f.saveTime': '保存时间',
    'revision.f.userName': '保存人',
    'revision.f.title': '标题',
    'revision.restore': '恢复此版本',
    'revision.restored': '已恢复到 {time} 的版本',
    'revision.confirmRestore': '确认恢复到 {time} 的版本？当前内容会保存为一个新版本。',
    'revision.compare': '对比',
    'revision.pickTwo': '选择两个版本进行对比',
    'revision.none': '还没有历史版本',
    'revision.unknownResource': '该数据没有历史版本',
    'revision.current': '当前',
  },
  en: {
    'revision.entity': 'History',
    'revision.f.saveTime': 'Saved at',
    'revision.f.userName': 'Saved by',
    'revision.f.title': 'Title',
    'revision.restore': 'Restore this version',
    'revision.restored': 'Restored the version of {time}',
    'revision.confirmRestore': 'Restore the version of {time}? The current content is kept as a new version.',
    'revision.compare': 'Compare',
    'revision.pickTwo': 'Pick two versions to compare',
    'revision.none': 'No versions yet',
    'revision.unknownResource': 'This data has no history',
    'revision.current': 'Current',
  },
  es: {
    'revision.entity': 'Historial',
    'revision.f.saveTime': 'Guardado el',
    'revision.f.userName': 'Guardado por',
    'revision.f.title': 'Título',
    'revision.restore': 'Restaurar esta versión',
    'revision.restored': 'Se restauró la versión del {time}',
    'revision.confirmRestore': '¿Restaurar la versión del {time}? El contenido actual se conserva como una nueva versión.',
    'revision.compare': 'Comparar',
    'revision.pickTwo': 'Elija dos versiones para comparar',
    'revision.none': 'Todavía no hay versiones',
    'revision.unknownResource': 'Estos datos no tienen historial',
    'revision.current': 'Actual',
  },
});
