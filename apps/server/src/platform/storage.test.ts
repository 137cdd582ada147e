import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3, type TestS3 } from '../../test/s3.js';
import { LocalStorage, newStorageKey, S3Storage, type Storage } from './storage.js';

// The same contract on local disk and on a real S3 protocol server (s3rver, started here on a
// loopback port with a temporary folder): whatever the app does with one store it can do with the other.
const backends: Array<[string, () => Promise<{ storage: Storage; close(): Promise<void> }>]> = [
  [
    'local disk',
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'agora-storage-'));
      return {
        storage: new LocalStorage(path.join(dir, 'uploads')),
        close: async () => rmSync(dir, { recursive: true, force: true }),
      };
    },
  ],
  [
    'S3 (s3rver)',
    async () => {
      const s3 = await startS3();
      const storage = new S3Storage(s3.config);
      return {
        storage,
        close: async () => {
          storage.close();
          await s3.close();
        },
      };
    },
  ],
];

async function readAll(body: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

describe.each(backends)('storage contract: %s', (_name, make) => {
  let storage: Storage;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, close } = await make());
    await storage.check();
  });
  afterAll(() => close());

  it('gives back exactly the bytes it was given, whole or streamed with their size', async () => {
    const key = newStorageKey('bin');
    const data = randomBytes(1024 * 1024 + 17);
    await storage.put(key, data);
    expect((await storage.get(key))?.equals(data)).toBe(true);
    const opened = await storage.open(key);
    expect(opened?.size).toBe(data.length);
    expect((await readAll(opened!.body)).equals(data)).toBe(true);
  });

  it('keeps files apart by key and stores empty-extension keys', async () => {
    const a = newStorageKey(undefined);
    const b = newStorageKey('png');
    await storage.put(a, Buffer.from('first'));
    await storage.put(b, Buffer.from('second'));
    expect(String(await storage.get(a))).toBe('first');
    expect(String(await storage.get(b))).toBe('second');
  });

  it('answers null for a key it does not hold and for a malformed key', async () => {
    expect(await storage.get(newStorageKey('png'))).toBeNull();
    expect(await storage.open(newStorageKey('png'))).toBeNull();
    expect(await storage.get('../etc/passwd')).toBeNull();
    expect(await storage.open('ABC')).toBeNull();
  });

  it('refuses to store under a key it did not make', async () => {
    await expect(storage.put('../escape', Buffer.from('x'))).rejects.toThrow(/invalid storage key/);
    await expect(storage.put('a/b', Buffer.from('x'))).rejects.toThrow(/invalid storage key/);
  });

  it('deletes a file, and deleting an absent one is not an error', async () => {
    const key = newStorageKey('txt');
    await storage.put(key, Buffer.from('bye'));
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect(await storage.open(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
    await expect(storage.delete(newStorageKey(undefined))).resolves.toBeUndefined();
  });
});

describe('S3 start-up check', () => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startS3();
  });
  afterAll(() => s3.close());

  it('names the bucket when it does not exist or the credentials are wrong', async () => {
    const missing = new S3Storage({ ...s3.config, bucket: 'no-such-bucket' });
    await expect(missing.check()).rejects.toThrow(/S3 bucket "no-such-bucket" is not reachable \(HTTP 404/);
    missing.close();
    const wrongKey = new S3Storage({
      ...s3.config,
      credentials: { accessKeyId: 'NOT-A-KEY', secretAccessKey: 'S3RVER' },
    });
    await expect(wrongKey.check()).rejects.toThrow(/S3 bucket "agora-test" is not reachable \(HTTP 403/);
    wrongKey.close();
  });

  it('names the bucket when the endpoint is down', async () => {
    const down = new S3Storage({ ...s3.config, endpoint: 'http://127.0.0.1:1' });
    await expect(down.check()).rejects.toThrow(/S3 bucket "agora-test" is not reachable/);
    down.close();
  });
});
