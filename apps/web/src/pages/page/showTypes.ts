import { SHOW_TYPES } from '@gk/contracts/list';

/** The page layouts (SPEC point 3: splice 拼接, tabs 选项卡) as select options, labelled by message key. */
export const showTypeOptions = SHOW_TYPES.map((s) => ({ value: s.code, label: `page.showType.${s.code}` }));
