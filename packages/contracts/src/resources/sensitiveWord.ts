import { z } from 'zod';
import { defineEndpoints } from '../endpoints.js';
import type { CodeName } from '../enums.js';
import { defineMessages } from '../i18n/index.js';
import { defineResource } from '../resource.js';
import { optFlag, optText, reqText } from '../validators.js';
import { WORD_CATEGORIES, WORD_LEVELS } from './contentCheck.js';

/**
 * 敏感词库 (系统管理, issue 27): the words every save and publish of content is checked against (resources/contentCheck.ts).
 * A word has a category (广告法极限词 / 敏感词 / 自定义) and a level (禁止 refuses publishing, 提示 warns); a
 * whitelisted phrase (最新, 第一时间 …) exempts every hit inside it. One row per word. Every write tells every
 * process to rebuild its matcher (`invalidates: ['words']`).
 */
export const sensitiveWordEndpoints = defineEndpoints('sensitiveWord', {
  list: { path: '/sensitiveWord/getSensitiveWordPage', kind: 'read', name: '敏感词列表' },
  save: { path: '/sensitiveWord/saveSensitiveWord', kind: 'write', name: '保存敏感词' },
  del: { path: '/sensitiveWord/delSensitiveWord', kind: 'write', name: '删除敏感词' },
  flag: { path: '/sensitiveWord/upEnableFlag', kind: 'write', name: '启用/停用敏感词' },
});

export const WORD_CATEGORY_OPTIONS = [
  { code: 'ad', name: '广告法极限词' },
  { code: 'sensitive', name: '敏感词' },
  { code: 'custom', name: '自定义' },
] as const satisfies readonly CodeName[];
export const WORD_LEVEL_OPTIONS = [
  { code: 'block', name: '禁止' },
  { code: 'warn', name: '提示' },
] as const satisfies readonly CodeName[];

/** a code, or its name as a spreadsheet writes it (广告法极限词, 禁止 …), as the code */
const codeOf = (options: readonly CodeName[]) => (v: unknown) =>
  typeof v === 'string' ? (options.find((o) => o.name === v.trim())?.code ?? v.trim()) : v;

export const sensitiveWordMessages = defineMessages({
  zh: {
    'sensitiveWord.entity': '敏感词',
    'sensitiveWord.f.word': '词语',
    'sensitiveWord.f.category': '分类',
    'sensitiveWord.f.level': '级别',
    'sensitiveWord.f.whitelist': '白名单',
    'sensitiveWord.f.remark': '备注',
    'sensitiveWord.wordRequired': '词语不得为空',
    'sensitiveWord.wordTooLong': '词语不能超过 50 个字',
    'sensitiveWord.categoryInvalid': '分类须为“广告法极限词”“敏感词”或“自定义”',
    'sensitiveWord.levelInvalid': '级别须为“禁止”或“提示”',
    'sensitiveWord.wordExists': '该词语已在词库中',
  },
  en: {
    'sensitiveWord.entity': 'Sensitive word',
    'sensitiveWord.f.word': 'Word',
    'sensitiveWord.f.category': 'Category',
    'sensitiveWord.f.level': 'Level',
    'sensitiveWord.f.whitelist': 'Whitelist',
    'sensitiveWord.f.remark': 'Remark',
    'sensitiveWord.wordRequired': 'The word must not be empty',
    'sensitiveWord.wordTooLong': 'The word must be at most 50 characters',
    'sensitiveWord.categoryInvalid': 'The category must be "广告法极限词", "敏感词" or "自定义"',
    'sensitiveWord.levelInvalid': 'The level must be "禁止" (blocked) or "提示" (warning)',
    'sensitiveWord.wordExists': 'This word is already in the library',
  },
  es: {
    'sensitiveWord.entity': 'Palabra sensible',
    'sensitiveWord.f.word': 'Palabra',
    'sensitiveWord.f.category': 'Categoría',
    'sensitiveWord.f.level': 'Nivel',
    'sensitiveWord.f.whitelist': 'Lista blanca',
    'sensitiveWord.f.remark': 'Observación',
    'sensitiveWord.wordRequired': 'La palabra no puede estar vacía',
    'sensitiveWord.wordTooLong': 'La palabra debe tener como máximo 50 caracteres',
    'sensitiveWord.categoryInvalid': 'La categoría debe ser «广告法极限词», «敏感词» o «自定义»',
    'sensitiveWord.levelInvalid': 'El nivel debe ser «禁止» (prohibido) o «提示» (aviso)',
    'sensitiveWord.wordExists': 'Esta palabra ya está en la biblioteca',
  },
});

export const sensitiveWordResource = defineResource({
  name: 'sensitiveWord',
  module: 'sensitiveWord',
  table: 'sensitive_word',
  label: 'sensitiveWord.entity',
  importable: { key: 'word', fields: ['word', 'category', 'level', 'whitelist', 'remark', 'enableFlag'] },
  fields: [
    { name: 'id', type: 'int', label: 'common.f.code', readOnly: true },
    { name: 'word', type: 'text', label: 'sensitiveWord.f.word', list: true, sortable: true },
    { name: 'category', type: 'code', label: 'sensitiveWord.f.category' },
    {
      name: 'categoryName',
      type: 'text',
      label: 'sensitiveWord.f.category',
      readOnly: true,
      list: true,
      lookup: { via: 'category', options: WORD_CATEGORY_OPTIONS },
    },
    { name: 'level', type: 'code', label: 'sensitiveWord.f.level' },
    {
      name: 'levelName',
      type: 'text',
      label: 'sensitiveWord.f.level',
      readOnly: true,
      list: true,
      lookup: { via: 'level', options: WORD_LEVEL_OPTIONS },
    },
    { name: 'whitelist', type: 'flag', label: 'sensitiveWord.f.whitelist', list: true, sortable: true },
    { name: 'remark', type: 'text', label: 'sensitiveWord.f.remark', list: true },
    { name: 'enableFlag', type: 'flag', label: 'common.f.enableFlag', list: true, sortable: true },
    { name: 'createTime', type: 'datetime', label: 'common.f.createTime', readOnly: true, list: true, sortable: true },
  ],
  save: z.object({
    word: reqText('sensitiveWord.wordRequired', 200).refine((v) => v.length <= 50, { message: 'sensitiveWord.wordTooLong' }),
    category: z.preprocess(codeOf(WORD_CATEGORY_OPTIONS), z.enum(WORD_CATEGORIES, { error: 'sensitiveWord.categoryInvalid' })),
    level: z
      .preprocess(codeOf(WORD_LEVEL_OPTIONS), z.enum(WORD_LEVELS, { error: 'sensitiveWord.levelInvalid' }).optional())
      .transform((v) => v ?? 'block'),
    whitelist: optFlag(0),
    remark: optText(200),
    enableFlag: optFlag(1),
  }),
  filters: [
    { param: 'word', field: 'word', op: 'like' },
    { param: 'category', field: 'category', op: 'eq', options: WORD_CATEGORIES.map((c) => ({ value: c, label: `check.cat.${c}` })) },
    { param: 'level', field: 'level', op: 'eq', options: WORD_LEVELS.map((l) => ({ value: l, label: `check.level.${l}` })) },
    { param: 'whitelist', field: 'whitelist', op: 'eq' },
    { param: 'enableFlag', field: 'enableFlag', op: 'eq' },
  ],
  endpoints: { list: sensitiveWordEndpoints.list, save: sensitiveWordEndpoints.save, del: sensitiveWordEndpoints.del },
  toggles: { enableFlag: sensitiveWordEndpoints.flag },
  del: 'ids',
  order: [
    ['category', 'asc'],
    ['word', 'asc'],
  ],
  unique: [{ field: 'word', message: 'sensitiveWord.wordExists' }],
  pageSize: 20,
  recyclable: false,
  // every process rebuilds its matcher on its next check
  invalidates: ['words'],
  menu: {
    url: '/system',
    routeName: 'System',
    title: '系统管理',
    icon: 'SettingOutlined',
    list: { url: '/system/sensitive-word-list', routeName: 'SensitiveWordList', title: '敏感词库', icon: 'FileTextOutlined' },
  },
});
