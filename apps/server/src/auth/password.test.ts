import { describe, expect, it } from 'vitest';
import { legacyScryptHash } from '../test/users.js';
import { hashLoad, hashPassword, needsRehash, verifyPassword } from './password.js';

describe('password hashes', () => {
  it('a burst of hashes queues: never more at once than the slots, and every one comes out right', async () => {
    let peak = 0;
    const timer = setInterval(() => {
      peak = Math.max(peak, hashLoad().running);
    }, 1);
    const passwords = ['Alpha_12345', 'Beta_123456', 'Gamma_12345', 'Delta_12345'];
    const hashes = await Promise.all(passwords.map((p) => hashPassword(p)));
    clearInterval(timer);
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThanOrEqual(hashLoad().slots);
    expect(hashLoad().running).toBe(0);
    const checks = await Promise.all(passwords.map((p, i) => verifyPassword(p, hashes[i])));
    expect(checks).toEqual([true, true, true, true]);
    expect(await verifyPassword('Alpha_12345', hashes[1])).toBe(false);
    expect(hashes[0]).toMatch(/^\$argon2id\$v=19\$m=7168,p=1,t=5\$/);
    expect(needsRehash(hashes[0])).toBe(false);
  });
});

describe('older scrypt hashes', () => {
  it('still verify, and are marked for a rehash', async () => {
    const old = legacyScryptHash('Legacy_1234');
    expect(await verifyPassword('Legacy_1234', old)).toBe(true);
    expect(await verifyPassword('Legacy_1235', old)).toBe(false);
    expect(needsRehash(old)).toBe(true);
    expect(await verifyPassword('Legacy_1234', 'not-a-hash')).toBe(false);
    expect(await verifyPassword('Legacy_1234', '$argon2id$v=19$m=12288,p=1,t=3$broken')).toBe(false);
  });
});

describe('hashes of the previous Argon2id setting (m = 12 MiB, t = 3)', () => {
  it('still verify, and are marked for a rehash at the current setting', async () => {
    const argon2 = await import('argon2');
    const old = await argon2.hash('Earlier_1234', { type: 2, memoryCost: 12 * 1024, timeCost: 3, parallelism: 1 });
    expect(old).toMatch(/^\$argon2id\$v=19\$m=12288,p=1,t=3\$/);
    expect(await verifyPassword('Earlier_1234', old)).toBe(true);
    expect(await verifyPassword('Earlier_1235', old)).toBe(false);
    expect(needsRehash(old)).toBe(true);
  });
});
