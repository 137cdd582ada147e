import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { StorageConfig } from '../config.js';

/** A stored file opened for streaming. */
export interface StoredStream {
  body: Readable;
  size: number;
}

/** Where uploaded bytes live. Keys are random and never come from the client. */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  /** The file as a stream (served files are never held whole in memory); null when absent. */
  open(key: string): Promise<StoredStream | null>;
  /** Removing an absent key is not an error. */
  delete(key: string): Promise<void>;
  /** Start-up check that the store can be reached (throws with a message naming the problem). */
  check(): Promise<void>;
  /** Releases connections (S3 client sockets) at shutdown. */
  close?(): void;
}

export const STORAGE_KEY_RE = /^[a-f0-9]{32}(\.[a-z0-9]{1,8})?$/;

export function newStorageKey(ext: string | undefined): string {
  const safeExt = ext && /^[a-z0-9]{1,8}$/.test(ext) ? `.${ext}` : '';
  return randomBytes(16).toString('hex') + safeExt;
}

function checkedKey(key: string): string {
  if (!STORAGE_KEY_RE.test(key)) throw new Error('invalid storage key');
  return key;
}

export class LocalStorage implements Storage {
  constructor(private dir: string) {}
  private file(key: string): string {
    return path.join(this.dir, checkedKey(key));
  }
  async put(key: string, data: Buffer): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await writeFile(this.file(key), data, { flag: 'wx' });
  }
  async get(key: string): Promise<Buffer | null> {
    if (!STORAGE_KEY_RE.test(key)) return null;
    try {
      await stat(this.file(key));
      return await readFile(this.file(key));
    } catch {
      return null;
    }
  }
  async open(key: string): Promise<StoredStream | null> {
    if (!STORAGE_KEY_RE.test(key)) return null;
    try {
      const s = await stat(this.file(key));
      if (!s.isFile()) return null;
      return { body: createReadStream(this.file(key)), size: s.size };
    } catch {
      return null;
    }
  }
  async delete(key: string): Promise<void> {
    if (STORAGE_KEY_RE.test(key)) await rm(this.file(key), { force: true });
  }
  async check(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
  }
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/**
 * Any S3-compatible object store (AWS S3, MinIO, Ceph, R2…). Objects are private: files are served
 * through the app (uploads.routes.ts), which applies the same rules and headers as for local disk.
 */
export class S3Storage implements Storage {
  private client: S3Client;
  private bucket: string;
  constructor(config: Extract<StorageConfig, { kind: 's3' }>) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      ...(config.credentials ? { credentials: config.credentials } : {}),
      forcePathStyle: config.forcePathStyle,
      // Checksums only where the service requires them: several S3-compatible stores reject the
      // newer default trailing checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }
  async put(key: string, data: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: checkedKey(key),
        Body: data,
        ContentLength: data.length,
      }),
    );
  }
  async get(key: string): Promise<Buffer | null> {
    const opened = await this.open(key);
    if (!opened) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of opened.body) chunks.push(Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks);
  }
  async open(key: string): Promise<StoredStream | null> {
    if (!STORAGE_KEY_RE.test(key)) return null;
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!res.Body) return null;
      return { body: res.Body as Readable, size: res.ContentLength ?? 0 };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }
  async delete(key: string): Promise<void> {
    if (!STORAGE_KEY_RE.test(key)) return;
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }
  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (err) {
      const e = err as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
      const status = e.$metadata?.httpStatusCode;
      throw new Error(
        `S3 bucket "${this.bucket}" is not reachable (${status ? `HTTP ${status}` : (e.name ?? 'error')}${e.message && e.message !== 'UnknownError' ? `: ${e.message}` : ''})`,
      );
    }
  }
  close(): void {
    this.client.destroy();
  }
}

export function createStorage(config: StorageConfig, dataDir: string): Storage {
  return config.kind === 's3' ? new S3Storage(config) : new LocalStorage(path.join(dataDir, 'uploads'));
}
