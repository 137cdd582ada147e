/**
 * `npm run db:generate` compares the schema modules with the newest snapshot in migrations/meta and
 * writes a migration for the difference. If a schema change lands with a hand-written migration but
 * without its snapshot, the next generate re-creates those objects in a migration that fails on every
 * database that already has them. This test runs the same comparison through drizzle-kit's API and
 * fails while the generate would write anything, and checks that the snapshots form one chain that
 * ends at the newest migration of the journal.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DrizzleSnapshotJSON, generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema/index.js';

const meta = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/db/migrations/meta');

type Snapshot = DrizzleSnapshotJSON & { id: string; prevId: string };
type Journal = { entries: { idx: number; tag: string }[] };

const journal = JSON.parse(readFileSync(path.join(meta, '_journal.json'), 'utf8')) as Journal;
const snapshotFiles = readdirSync(meta)
  .filter((f) => /^\d{4}_snapshot\.json$/.test(f))
  .sort();
const snapshots = snapshotFiles.map((f) => JSON.parse(readFileSync(path.join(meta, f), 'utf8')) as Snapshot);
const latest = snapshots.at(-1)!;

describe('migrations', () => {
  it('the newest snapshot describes the schema modules exactly (db:generate has nothing to write)', async () => {
    const current = generateDrizzleJson(schema, latest.id) as unknown as DrizzleSnapshotJSON;
    const statements = await generateMigration(latest, current);
    expect(statements, 'the schema changed without a migration: run npm run db:generate').toEqual([]);
  });

  it('the snapshots form one chain ending at the newest migration', () => {
    expect(snapshots.length).toBeGreaterThan(0);
    for (let i = 1; i < snapshots.length; i++) {
      expect(snapshots[i]!.prevId, snapshotFiles[i]).toBe(snapshots[i - 1]!.id);
    }
    expect(new Set(snapshots.map((s) => s.id)).size).toBe(snapshots.length);
    const newest = journal.entries.at(-1)!;
    expect(
      snapshotFiles.at(-1),
      'the newest migration has no snapshot: write hand-written migrations with drizzle-kit generate --custom',
    ).toBe(`${String(newest.idx).padStart(4, '0')}_snapshot.json`);
    // Every snapshot belongs to a migration the journal lists.
    const tags = new Set(journal.entries.map((e) => e.tag.slice(0, 4)));
    for (const f of snapshotFiles) expect(tags.has(f.slice(0, 4)), f).toBe(true);
  });
});
