import { newPasswordProblem, validators } from '@gk/contracts';
import type { FormRule } from 'antd';
import { tr } from '../../lib/i18n';

/**
 * antd rule adapters over the shared validators of contracts (SPEC point 5): the same check and the same
 * message key on both sides; the message is translated when the rule runs.
 */
type Check = (v: string | null | undefined) => string | null;

const asText = (v: unknown): string | null | undefined => (v == null ? (v as null | undefined) : String(v));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An antd rule running one contracts check; `delayMs` waits before checking (SPEC 9: positive number 100 ms). */
export function ruleOf(check: Check, opts: { delayMs?: number } = {}): FormRule {
  return {
    validator: async (_rule, value) => {
      if (opts.delayMs) await sleep(opts.delayMs);
      const key = check(asText(value));
      if (key) throw new Error(tr(key));
    },
  };
}

/** Ready-made rules for the screens: `rules={[rules.mobile()]}`. */
export const rules = {
  /** mobile (1[34578] + 9 digits) or landline (area code-7/8 digits); empty allowed */
  phoneOrLandline: () => ruleOf(validators.phoneOrLandline),
  /** landline only; empty allowed */
  landline: () => ruleOf(validators.landline),
  /** mobile only; empty allowed */
  mobile: () => ruleOf(validators.mobile),
  /** 15 or 18 digits, or 17 digits + X; empty allowed */
  idNumber: () => ruleOf(validators.idNumber),
  /** email; empty allowed */
  email: () => ruleOf(validators.email),
  /** letters, digits and underscore only; empty allowed */
  passwordChars: () => ruleOf(validators.passwordChars),
  /** a new password: required, 8 to 30 letters, digits or underscores (the server's rule) */
  newPassword: () => ruleOf(newPasswordProblem),
  /** required, greater than 0; checked after 100 ms (SPEC point 9) */
  positiveNumber: () => ruleOf(validators.positiveNumber, { delayMs: 100 }),
  /** the generic 必填: required text that must not start with white space */
  requiredText: () => ruleOf(validators.requiredText),
  /** optional sort number: non-negative, up to 6 decimals */
  sortNo: () => ruleOf(validators.sortNo),
};
