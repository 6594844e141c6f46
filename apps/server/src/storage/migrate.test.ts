import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalImageStore, S3ImageStore, storeByContent } from './index.js';
import { startS3 } from './test-s3.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../../..');

describe('npm run images:migrate (local folder ⇄ bucket)', () => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gk-images-migrate-'));
  const backDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gk-images-back-'));
  const names: string[] = [];

  beforeAll(async () => {
    s3 = await startS3();
    const local = new LocalImageStore(dataDir);
    for (const colour of ['red', 'green', 'blue']) {
      const png = await sharp({ create: { width: 6, height: 6, channels: 3, background: colour } })
        .png()
        .toBuffer();
      names.push(await storeByContent(local, png, 'png'));
    }
    names.sort();
  });
  afterAll(async () => {
    await s3?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(backDir, { recursive: true, force: true });
  });

  const migrate = (dir: string, ...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'scripts/images-migrate.ts', ...args], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATA_DIR: dir,
        S3_ENDPOINT: s3.settings.endpoint!,
        S3_BUCKET: s3.settings.bucket,
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: '1',
      },
    });

  it('copies every image into the bucket with progress, then skips them on a second run, and copies back', {
    timeout: 60_000,
  }, async () => {
    const first = await migrate(dataDir);
    for (const [i, name] of names.entries()) expect(first.stdout).toContain(`[${i + 1}/3] ${name} copied`);
    expect(first.stdout).toContain('done: 3 copied, 0 already there, 3 in all');
    const bucket = new S3ImageStore(s3.settings);
    expect((await bucket.list()).map((e) => e.name).sort()).toEqual(names);

    const second = await migrate(dataDir);
    expect(second.stdout).toContain('done: 0 copied, 3 already there, 3 in all');

    const back = await migrate(backDir, '--to', 'local');
    for (const [i, name] of names.entries()) expect(back.stdout).toContain(`[${i + 1}/3] ${name} copied`);
    expect(back.stdout).toContain('done: 3 copied, 0 already there, 3 in all');
    const backAgain = await migrate(backDir, '--to', 'local');
    expect(backAgain.stdout).toContain('done: 0 copied, 3 already there, 3 in all');
    // a new image in the folder: only it is copied on the next run
    const more = await sharp({ create: { width: 6, height: 6, channels: 3, background: 'yellow' } })
      .png()
      .toBuffer();
    const added = await storeByContent(new LocalImageStore(dataDir), more, 'png');
    const third = await migrate(dataDir);
    expect(third.stdout).toContain(`${added} copied`);
    expect(third.stdout).toContain('done: 1 copied, 3 already there, 4 in all');
    for (const name of names)
      expect(fs.readFileSync(path.join(backDir, 'uploads', name))).toEqual(fs.readFileSync(path.join(dataDir, 'uploads', name)));
    await bucket.close();
  });

  it('refuses a wrong target with its usage', async () => {
    await expect(migrate(dataDir, '--to', 'ftp')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('usage: npm run images:migrate'),
    });
  });
});
