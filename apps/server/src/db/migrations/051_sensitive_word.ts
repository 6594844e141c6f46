import type { Migration } from 'kysely';
import type { Dialect } from '../index.js';
import { type AnyDb, createContentTable } from './helpers.js';

/**
 * 敏感词库 (issue 27): one row per word — its category (`ad` 广告法极限词 | `sensitive` 敏感词 | `custom` 自定义), level
 * (`block` 禁止 | `warn` 提示), whether it is a whitelisted phrase (exempting hits inside it), a remark, enabled flag.
 * Seeded with the 广告法 superlatives commonly fined (禁止 for the absolute ones, 提示 for weaker ones) and the
 * usual whitelisted phrases; 敏感词 and 自定义 start empty, for the company to fill.
 */
const BLOCK = [
  '最佳',
  '最好',
  '最优',
  '最高级',
  '最先进',
  '最大程度',
  '最高档',
  '最奢侈',
  '最低价',
  '最便宜',
  '最赚',
  '最受欢迎',
  '最专业',
  '最权威',
  '最具',
  '第一品牌',
  '全国第一',
  '全网第一',
  '销量第一',
  '排名第一',
  '行业第一',
  'NO.1',
  'TOP1',
  '国家级',
  '世界级',
  '全球级',
  '宇宙级',
  '顶级',
  '极品',
  '极佳',
  '唯一',
  '首个',
  '首选',
  '独家',
  '独一无二',
  '100%',
  '绝对',
  '万能',
  '史无前例',
  '前无古人',
  '永久',
  '王牌',
  '领袖品牌',
  '巅峰',
  '国家免检',
  '遥遥领先',
];
const WARN = ['最快', '最新技术', '最受好评', '领先', '领导品牌', '顶尖', '极致', '完美', '超级', '特供', '专供', '抢爆'];
const WHITELIST = ['最新', '第一时间', '最后', '最近', '最终', '最初', '最少', '最多', '唯一标识', '最佳实践'];

export function sensitiveWordMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await createContentTable(db, dialect, 'sensitive_word', {
        word: 'code:50',
        category: 'code:20',
        level: 'code:10',
        whitelist: 'flag:0',
        remark: 'text:200',
        enable_flag: 'flag:1',
        create_time: 'time',
      });
      await db.schema.createIndex('sensitive_word_word').on('sensitive_word').column('word').unique().execute();
      const now = new Date().toISOString().slice(0, 19).replace('T', ' ');
      const row = (word: string, level: string, whitelist: number) => ({
        word,
        category: 'ad',
        level,
        whitelist,
        remark: whitelist ? '常用表达，不算极限词' : '',
        enable_flag: 1,
        create_time: now,
      });
      await db
        .insertInto('sensitive_word')
        .values([
          ...BLOCK.map((w) => row(w, 'block', 0)),
          ...WARN.map((w) => row(w, 'warn', 0)),
          ...WHITELIST.map((w) => row(w, 'warn', 1)),
        ])
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('sensitive_word').ifExists().execute();
    },
  };
}
