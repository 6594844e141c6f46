import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { S3Settings } from './s3.js';

/** A port nobody listens on right now (the system picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Test helper: a real S3-protocol server (s3rver, from npm) on a free port the system picks, with an empty
 * bucket in a temporary directory. Its credentials are s3rver's fixed S3RVER / S3RVER.
 */
export async function startS3(bucket = 'gk-images'): Promise<{ settings: S3Settings; close(): Promise<void> }> {
  const { default: S3rver } = await import('s3rver');
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'gk-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    settings: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      prefix: '',
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
