/** Business constants of SPEC points 3 and 9. */
export interface CodeName {
  code: string;
  name: string;
}

export const BANNER_TYPES: readonly CodeName[] = [
  { code: 'index', name: '首页' },
  { code: 'news001', name: '新闻中心-行业动态' },
  { code: 'news002', name: '新闻中心-通知公告' },
  { code: 'news003', name: '新闻中心-政策法规' },
];

export const SHOW_TYPES: readonly CodeName[] = [
  { code: 'splice', name: '拼接' },
  { code: 'tabs', name: '选项卡' },
];

/** Yes / no flags: 1 = yes / enabled, 0 = no / disabled (DESIGN). */
export const FLAG = { NO: 0, YES: 1 } as const;

/** Customs declaration status codes (SPEC point 3), verbatim. */
export const CUSTOMS_STATUS: readonly CodeName[] = [
  { code: 'AI', name: '待申报' },
  { code: 'SY', name: '舱单生成成功' },
  { code: 'SN', name: '舱单生成失败' },
  { code: 'NY', name: '舱单入库成功' },
  { code: 'NN', name: '舱单入库失败' },
  { code: '01', name: '追加申报' },
  { code: 'DY', name: '生成报文成功' },
  { code: 'DN', name: '生成报文失败' },
  { code: '00', name: '退单' },
  { code: 'SU', name: '退单修改' },
  { code: 'SD', name: '退单申报' },
  { code: '03', name: '转人工审核' },
  { code: '04', name: '请提交纸面单据' },
  { code: '05', name: '查验' },
  { code: '06', name: '扣留' },
  { code: '08', name: '退单' },
  { code: '10', name: '审核通过' },
  { code: '11', name: '审单放行' },
  { code: '16', name: '查验后改单放行' },
  { code: 'MD', name: '追加申报' },
  { code: 'Draft', name: '草稿' },
  { code: 'SBY', name: '申报成功' },
  { code: 'AD', name: '追加新增' },
  { code: 'KJY', name: '报关入库成功' },
  { code: 'KJN', name: '报关入库失败' },
];

/** Limits of SPEC point 9. */
export const LIMITS = {
  phoneMax: 30,
  passwordMax: 30,
  passwordMin: 8,
  sortDecimals: 6,
  remoteSelectPageSize: 10,
  mobileBreakpoint: 992,
  requestTimeoutMs: 500000,
  errorToastMs: 5000,
  editorHeight: 600,
  editorDebounceMs: 50,
  editorDebounceMinMs: 20,
  columnWidthMax: 400,
} as const;

export const ROLES = { ADMIN: 'admin', EDITOR: 'editor' } as const;
