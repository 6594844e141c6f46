import { describe, expect, it } from 'vitest';
import { newPasswordProblem, resetPasswordSchema, updatePasswordSchema, userInfoSaveSchema } from './userInfo.js';

/** The message key each schema reports for the password field, or null when it passes. */
function issue(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string) {
  return result.success ? null : (result.error?.issues.find((i) => i.path[0] === field)?.message ?? null);
}

describe('the new-password rule (重置密码, 修改密码)', () => {
  it('asks for a password, 8 to 30 letters, digits or underscores', () => {
    expect(newPasswordProblem('')).toBe('userInfo.passwordRequired');
    expect(newPasswordProblem(undefined)).toBe('userInfo.passwordRequired');
    expect(newPasswordProblem('Abc_123')).toBe('userInfo.passwordTooShort');
    expect(newPasswordProblem('a'.repeat(31))).toBe('userInfo.passwordTooLong');
    expect(newPasswordProblem('abc-12345')).toBe('v.passwordChars');
    expect(newPasswordProblem('Abc_1234')).toBeNull();
    expect(newPasswordProblem('a'.repeat(30))).toBeNull();
  });

  it('is the rule the server schemas apply', () => {
    for (const v of ['', 'short', 'a'.repeat(31), 'abc-12345', 'Good_pass1']) {
      expect(issue(resetPasswordSchema.safeParse({ id: 1, password: v }), 'password')).toBe(newPasswordProblem(v));
      expect(issue(updatePasswordSchema.safeParse({ oldPassword: 'x', newPassword: v }), 'newPassword')).toBe(newPasswordProblem(v));
    }
  });

  it('lets an edited user keep the old password (empty) but checks a typed one the same way', () => {
    expect(issue(userInfoSaveSchema.safeParse({ id: 1, userName: 'someone', password: '' }), 'password')).toBeNull();
    expect(issue(userInfoSaveSchema.safeParse({ id: 1, userName: 'someone', password: 'short' }), 'password')).toBe(
      newPasswordProblem('short'),
    );
  });
});
