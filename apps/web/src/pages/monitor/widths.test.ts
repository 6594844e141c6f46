import { loginLogResource, logResource, onlineResource, type ResourceDef } from '@gk/contracts';
import { describe, expect, it } from 'vitest';
import { visibleFields } from '../../components/fieldConfig/useFieldConfig';
import { actionsWidth, buildColumns, CONTENT_WIDTH_AT_1280, FLEX_MIN_WIDTH, SELECTION_WIDTH } from '../../components/list/columns';
import { OPER_LOG_WIDTHS } from '../log/OperLogList';
import { LOGIN_LOG_WIDTHS } from './LoginLogList';
import { ONLINE_WIDTHS } from './OnlineList';

/**
 * At 1280 px the key column of each log screen ends left of the fixed 操作 column with the list scrolled to its
 * start: flexible columns at their least width (the most a 1280 px screen gives them), one row button (two on 操作日志).
 */
function rightEdge(resource: ResourceDef, widths: Record<string, number>, key: string): number {
  const cols = buildColumns({
    visible: visibleFields(resource, undefined),
    overrides: Object.fromEntries(Object.entries(widths).map(([k, width]) => [k, { width }])),
    t: (k) => k,
    canToggle: () => true,
    onToggle: async () => undefined,
  });
  let x = SELECTION_WIDTH;
  for (const c of cols) {
    x += typeof c.width === 'number' ? c.width : FLEX_MIN_WIDTH;
    if (c.key === key) return x;
  }
  throw new Error(`no column ${key}`);
}

describe('the log screens at 1280 px: the column that matters is not under the fixed 操作 column', () => {
  it.each([
    // 操作日志 has two row buttons: 详情 and an import's 撤销导入 (issue 26)
    ['操作日志 结果', logResource, OPER_LOG_WIDTHS, 'resultName', 2],
    ['在线用户 最后访问', onlineResource, ONLINE_WIDTHS, 'lastSeen', 1],
    ['在线用户 account with 当前会话', onlineResource, ONLINE_WIDTHS, 'userName', 1],
    ['登录日志 登录结果', loginLogResource, LOGIN_LOG_WIDTHS, 'statusName', 1],
  ] as const)('%s', (_name, resource, widths, key, buttons) => {
    expect(rightEdge(resource, widths, key)).toBeLessThanOrEqual(CONTENT_WIDTH_AT_1280 - actionsWidth(false, buttons));
  });
});
