import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { StorageConfig } from '../src/config.js';

export interface TestS3 {
  /** Storage settings for a bucket on this server (the env form is in `env`). */
  config: Extract<StorageConfig, { kind: 's3' }>;
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * A real S3 protocol server (s3rver) on a free loopback port, its objects in a temporary folder,
 * with one empty bucket. s3rver checks request signatures against its fixed S3RVER key pair.
 */
export async function startS3(bucket = 'agora-test'): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'agora-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    config: {
      kind: 's3',
      bucket,
      endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
    },
    env: {
      STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
