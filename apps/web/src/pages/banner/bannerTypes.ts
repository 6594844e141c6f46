import { BANNER_TYPES } from '@gk/contracts/list';

/** The four banner pages (SPEC point 3) as select options, labelled by message key. */
export const bannerTypeOptions = BANNER_TYPES.map((b) => ({ value: b.code, label: `banner.type.${b.code}` }));
