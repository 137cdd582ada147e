import { describe, expect, it, vi } from 'vitest';
import { Outages, RedisUnavailableError, unavailableDependency } from './outages.js';

/** An error as Drizzle throws it: the statement and its parameters in the message, the driver's error as the cause. */
function drizzleError(cause: object): Error {
  return Object.assign(
    new Error('Failed query: select * from "users" where "email" = $1\nparams: secret@example.com'),
    {
      query: 'select * from "users" where "email" = $1',
      params: ['secret@example.com'],
      cause: Object.assign(new Error(String((cause as { message?: string }).message ?? '')), cause),
    },
  );
}

function recorder() {
  const lines: Array<{ level: 'info' | 'error'; obj: object; msg: string }> = [];
  return {
    lines,
    log: {
      info: (obj: object, msg: string) => lines.push({ level: 'info', obj, msg }),
      error: (obj: object, msg: string) => lines.push({ level: 'error', obj, msg }),
    },
  };
}

describe('unavailableDependency', () => {
  it('names Redis for what ioredis says when it cannot serve a command', () => {
    for (const message of [
      "Stream isn't writeable and enableOfflineQueue options is false",
      'Command timed out',
      'Connection is closed.',
      'Reached the max retries per request limit (which is 1). Refer to "maxRetriesPerRequest" option for details.',
    ]) {
      expect(unavailableDependency(new Error(message))).toBe('redis');
    }
    expect(
      unavailableDependency(Object.assign(new Error('LOADING Redis is loading'), { name: 'ReplyError' })),
    ).toBe('redis');
    expect(unavailableDependency(new RedisUnavailableError(new Error('connect ECONNREFUSED')))).toBe('redis');
    // A Redis answer about the command itself is a bug, not an outage.
    expect(
      unavailableDependency(
        Object.assign(new Error('WRONGTYPE Operation against a key'), { name: 'ReplyError' }),
      ),
    ).toBeNull();
  });

  it('names the database when it cannot be reached or its tables are gone', () => {
    expect(
      unavailableDependency(drizzleError({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED' })),
    ).toBe('database');
    expect(unavailableDependency(drizzleError({ message: 'Connection terminated unexpectedly' }))).toBe(
      'database',
    );
    expect(unavailableDependency(new Error('timeout exceeded when trying to connect'))).toBe('database');
    for (const code of ['42P01', '3F000', '3D000', '57P01', '08006']) {
      expect(unavailableDependency(drizzleError({ code, message: 'x' }))).toBe('database');
    }
    // Constraint violations, bad input and plain bugs are not outages.
    for (const code of ['23505', '23503', '22P02', '42703']) {
      expect(unavailableDependency(drizzleError({ code, message: 'x' }))).toBeNull();
    }
    expect(unavailableDependency(new TypeError('x is undefined'))).toBeNull();
    expect(unavailableDependency(null)).toBeNull();
  });
});

describe('Outages', () => {
  it('logs the start of an outage once, however many failures, and its end once', () => {
    const r = recorder();
    const outages = new Outages(r.log, {});
    for (let i = 0; i < 50; i++) {
      expect(
        outages.absorb(new Error("Stream isn't writeable and enableOfflineQueue options is false")),
      ).toBe(true);
    }
    expect(outages.absorb(new Error('some bug'))).toBe(false);
    expect(outages.isDown('redis')).toBe(true);
    outages.recovered('redis');
    outages.recovered('redis');
    expect(r.lines.map((l) => [l.level, l.msg])).toEqual([
      ['error', "redis unavailable: Stream isn't writeable and enableOfflineQueue options is false"],
      ['info', 'redis available again'],
    ]);
    // A second outage is a second pair.
    outages.failed('redis', new Error('Command timed out'));
    expect(r.lines).toHaveLength(3);
    outages.close();
  });

  it('never logs a query or its parameters, only the database reason', () => {
    const r = recorder();
    const outages = new Outages(r.log, {}, { databaseUrl: 'postgres://agora:pw@db.internal:5432/agora' });
    outages.absorb(drizzleError({ code: '42P01', message: 'relation "users" does not exist' }));
    expect(r.lines).toHaveLength(1);
    expect(r.lines[0]!.msg).toBe('database unavailable: relation "users" does not exist (db.internal:5432)');
    expect(JSON.stringify(r.lines)).not.toMatch(/secret@example\.com|Failed query|pw@/);
    outages.close();
  });

  it('finds the end of an outage by probing while it lasts', async () => {
    const r = recorder();
    let answers = false;
    let probes = 0;
    const outages = new Outages(
      r.log,
      {
        database: async () => {
          probes++;
          if (!answers) throw new Error('still down');
        },
      },
      { probeMs: 20 },
    );
    vi.useFakeTimers();
    try {
      outages.failed('database', new Error('PGlite is closed'));
      // One probe per period while it lasts.
      await vi.advanceTimersByTimeAsync(100);
      expect(outages.isDown('database')).toBe(true);
      expect(probes).toBe(5);
      answers = true;
      await vi.advanceTimersByTimeAsync(20);
      expect(outages.isDown('database')).toBe(false);
      // Probing stops with the outage.
      await vi.advanceTimersByTimeAsync(1000);
      expect(probes).toBe(6);
    } finally {
      vi.useRealTimers();
    }
    expect(r.lines.map((l) => l.msg)).toEqual([
      'database unavailable: PGlite is closed',
      'database available again',
    ]);
    outages.close();
  });
});
