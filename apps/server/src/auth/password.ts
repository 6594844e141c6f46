import crypto from 'node:crypto';
import os from 'node:os';
import { promisify } from 'node:util';

const scryptNow = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/**
 * Argon2id with m = 7 MiB, t = 5, p = 1: one of OWASP's equivalent minimum settings (as m = 12 MiB, t = 3, the
 * setting before, whose hashes are replaced at their next login), about 20 ms per hash, and the one that takes the
 * least memory: a login's buffer is most of what a login adds to the server's peak RSS. Those older
 * `scrypt$N$r$p$salt$hash` hashes still verify and are replaced by an Argon2id hash at their next login.
 */
const ARGON2 = { type: 2 /* argon2id */, memoryCost: 7 * 1024, timeCost: 5, parallelism: 1 } as const;
const SCRYPT_MAXMEM = 64 * 1024 * 1024;

/** the native Argon2 binding loads with the first hash, not at start */
let argon2: Promise<typeof import('argon2')> | null = null;
const argon = () => (argon2 ??= import('argon2').then((m) => (m as { default?: typeof import('argon2') }).default ?? m));

/**
 * Hashes run one at a time (two on a machine with four cores or more): each takes its memory and a core
 * for tens of milliseconds, so a burst of logins queues here instead of taking the memory of many hashes
 * at once and every thread of the pool that also reads files and images.
 */
const HASH_SLOTS = Math.max(1, Math.min(2, os.availableParallelism() - 2));
let running = 0;
const waiting: (() => void)[] = [];

async function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  if (running >= HASH_SLOTS) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    // hand the slot straight to the next waiting hash, or free it
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** `$argon2id$v=19$m=…,t=…,p=…$salt$hash` (PHC string; it carries its parameters so they can be raised later). */
export async function hashPassword(password: string): Promise<string> {
  const a = await argon();
  return oneAtATime(() => a.hash(password.normalize('NFKC'), ARGON2));
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const text = password.normalize('NFKC');
  if (stored.startsWith('$argon2id$')) {
    const a = await argon();
    return oneAtATime(() => a.verify(stored, text)).catch(() => false);
  }
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, salt, hash] = parts;
  const expected = Buffer.from(hash, 'base64url');
  const got = await oneAtATime(() =>
    scryptNow(text, Buffer.from(salt, 'base64url'), expected.length, { N: Number(n), r: Number(r), p: Number(p), maxmem: SCRYPT_MAXMEM }),
  );
  return got.length === expected.length && crypto.timingSafeEqual(got, expected);
}

/** Whether a stored hash is older than the current setting (then the login that proved it rehashes it). */
export function needsRehash(stored: string): boolean {
  const m = /^\$argon2id\$v=19\$([^$]+)\$/.exec(stored);
  if (!m) return true;
  const params = Object.fromEntries(m[1].split(',').map((kv) => kv.split('=')));
  return Number(params.m) !== ARGON2.memoryCost || Number(params.t) !== ARGON2.timeCost || Number(params.p) !== ARGON2.parallelism;
}

/** A hash of a random password, used to make wrong-user logins take as long as real ones. */
let dummy: Promise<string> | null = null;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(crypto.randomBytes(12).toString('hex'));
  return dummy;
}

/** A strong generated password: letters, digits and underscore only (SPEC's password charset). */
export function generatePassword(length = 20): string {
  const chars = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789_';
  const bytes = crypto.randomBytes(length);
  let out = '';
  for (let i = 0; i < length; i++) out += chars[bytes[i] % chars.length];
  return out;
}

/** how many hashes run now, and how many may (for tests) */
export function hashLoad(): { running: number; slots: number } {
  return { running, slots: HASH_SLOTS };
}
