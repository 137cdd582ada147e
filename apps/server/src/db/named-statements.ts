import pg from 'pg';

/**
 * Server-side prepared statements for the statements an instance runs again and again.
 *
 * Drizzle sends every statement through the extended protocol unnamed, so PostgreSQL parses,
 * analyses and plans each one anew (~0.2 ms for a page read, as long as the read itself). A
 * statement text seen a second time gets a name here: each connection parses it once, and
 * PostgreSQL may keep a generic plan for it after five runs (`plan_cache_mode = auto`: only when
 * that plan is estimated no dearer than the custom ones).
 *
 * Text searches are named only in their computed-once form (see `preparable`). Bounded: at most
 * `limit` names per process (every pooled connection may hold each one), texts over 16 KB stay
 * unnamed, and the count of texts seen once is reset at 4,096 so one-off statements (ids in an IN
 * list, admin reports) cannot crowd out the hot ones.
 *
 * Past the limit the least recently used name is retired for the new text, and each connection
 * that prepared it deallocates it before its next statement outside a transaction (namingClient):
 * with row counts in the text (db/prepared.ts rowCount), a client asking for every page size from
 * 1 to 50 makes that many texts per list, and a cap that never let go would leave every statement
 * seen after it unnamed — planned at every request — for the life of the process.
 */
export class StatementNames {
  /** Text → name, least recently used first. */
  private readonly names = new Map<string, string>();
  private seen = new Set<string>();
  /** Names are never reused: a retired one may still be prepared on some connection. */
  private issued = 0;
  /** Names taken back (evicted or stale), oldest first, for connections to deallocate. */
  private readonly retired = new Set<string>();
  /** Moves on at every retirement: a connection rechecks only when it has changed. */
  private retirements = 0;

  constructor(
    private readonly limit = 256,
    private readonly prefix = 'agora_',
  ) {}

  /** The name for this text, or undefined while it stays unnamed. */
  nameFor(text: string): string | undefined {
    const known = this.names.get(text);
    if (known !== undefined) {
      // Most recently used last: the eviction below takes the first.
      this.names.delete(text);
      this.names.set(text, known);
      return known;
    }
    if (text.length > 16_384 || !preparable(text)) return undefined;
    if (!this.seen.has(text)) {
      if (this.seen.size >= 4096) this.seen = new Set();
      this.seen.add(text);
      return undefined;
    }
    this.seen.delete(text);
    if (this.names.size >= this.limit) {
      const [oldText, oldName] = this.names.entries().next().value as [string, string];
      this.names.delete(oldText);
      this.retire(oldName);
    }
    const name = `${this.prefix}${++this.issued}`;
    this.names.set(text, name);
    return name;
  }

  /** Stops using `name` for `text` (no-op if the text has another name by now); connections drop it. */
  forget(text: string, name: string): void {
    if (this.names.get(text) !== name) return;
    this.names.delete(text);
    this.retire(name);
  }

  /** The retired names among `prepared` (a connection's prepared statements, by name). */
  retiredIn(prepared: Record<string, unknown>): string[] {
    const out: string[] = [];
    for (const name of this.retired) if (prepared[name] !== undefined) out.push(name);
    return out;
  }

  private retire(name: string): void {
    this.retired.add(name);
    // A connection that still holds a name dropped from this list keeps it until it closes (the
    // pool closes idle ones): the list stays bounded.
    if (this.retired.size > 4 * this.limit) this.retired.delete(this.retired.values().next().value as string);
    this.retirements++;
  }

  /** How many names have been retired so far (see namingClient's per-connection check). */
  get generation(): number {
    return this.retirements;
  }

  get size(): number {
    return this.names.size;
  }
}

/**
 * A text search may be named only when each of its tsqueries is computed once per execution: the
 * argument of a scalar subquery with no FROM (`(select to_tsquery('english', $1))`, see
 * db/text-search.ts), which PostgreSQL runs as an InitPlan. A bare `to_tsquery('english', $1)` is
 * folded to a constant in a custom plan but not in a generic one, where it is parsed again for
 * every row it is compared with (a question search's window: 2.8 ms instead of 0.4 ms at scale
 * 1000; the jobs search read 777 rows at 1.7 ms instead of 0.55 ms): such a text stays unnamed.
 */
export function preparable(text: string): boolean {
  for (const call of text.matchAll(/tsquery\s*\(/gi)) {
    if (!insideScalarSelect(text, call.index)) return false;
  }
  return true;
}

/**
 * Whether position `at` lies in a parenthesised `select` without FROM, as the innermost select
 * around it (a tsquery in a subquery's WHERE is evaluated per row of that subquery). Quoted text
 * is skipped; a statement's quotes hold no parentheses of ours, but a literal might.
 */
function insideScalarSelect(text: string, at: number): boolean {
  // The open parentheses around `at`, innermost last.
  const open: number[] = [];
  let quoted = false;
  for (let i = 0; i < at; i++) {
    const c = text[i];
    if (c === "'") quoted = !quoted;
    else if (quoted) continue;
    else if (c === '(') open.push(i);
    else if (c === ')') open.pop();
  }
  for (let k = open.length - 1; k >= 0; k--) {
    const start = open[k]!;
    if (!/^\(\s*select\b/i.test(text.slice(start, start + 16))) continue;
    const body = text.slice(start, closing(text, start));
    return !/\bfrom\b/i.test(body.replace(/'[^']*'/g, "''"));
  }
  return false;
}

/** The index of the parenthesis that closes the one at `start` (or the text's end). */
function closing(text: string, start: number): number {
  let depth = 0;
  let quoted = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === "'") quoted = !quoted;
    else if (quoted) continue;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
  }
  return text.length;
}

interface QueryConfigLike {
  text?: unknown;
  name?: unknown;
  submit?: unknown;
}

/**
 * A migration that changes the columns a named statement returns (a column's type, `select *`)
 * makes PostgreSQL refuse the statement on every connection that prepared it: "cached plan must
 * not change result type" (0A000). The text then loses its name, and on its next sightings gets a
 * new one, which each connection parses afresh (no DEALLOCATE: inside a failed transaction it
 * could not run); the request that met the error fails as any statement would.
 */
function isStale(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === '0A000';
}

/**
 * A pg Client class whose object-form queries (drizzle's) carry a name from `names`. Plain string
 * queries (`begin`, `commit`, LISTEN) are left as they are.
 */
export function namingClient(names: StatementNames): typeof pg.Client {
  class NamingClient extends pg.Client {}
  /** The names generation each connection last deallocated up to. */
  const checked = new WeakMap<pg.Client, number>();
  NamingClient.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const config = args[0] as QueryConfigLike | null;
    const name =
      config &&
      typeof config === 'object' &&
      typeof config.text === 'string' &&
      config.name === undefined &&
      config.submit === undefined
        ? names.nameFor(config.text)
        : undefined;
    // After naming: a name this very text retired is dropped ahead of it.
    if (checked.get(this) !== names.generation) dropRetired(this, names, checked);
    if (name !== undefined && config) {
      const text = config.text as string;
      args[0] = { ...config, name };
      const last = args.length - 1;
      const callback = args[last];
      if (typeof callback === 'function') {
        args[last] = (err: unknown, result: unknown) => {
          if (isStale(err)) names.forget(text, name);
          callback(err, result);
        };
      } else {
        const pending = (pg.Client.prototype.query as (...a: unknown[]) => Promise<unknown>).apply(
          this,
          args,
        );
        return pending.catch((err: unknown) => {
          if (isStale(err)) names.forget(text, name);
          throw err;
        });
      }
    }
    // Looked up per call: a wrapper installed on pg.Client later (the query-plan test's) still runs.
    return (pg.Client.prototype.query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pg.Client.prototype.query;
  return NamingClient;
}

/** What pg keeps per connection (pg 8): its transaction status and the statements it prepared. */
interface ClientInternals {
  _txStatus?: string | null;
  connection?: { parsedStatements?: Record<string, string> };
}

/**
 * Deallocates, on this connection, the names retired since it last looked — only while it is idle
 * outside a transaction (`_txStatus` 'I' at its last ReadyForQuery), so a failed DEALLOCATE could
 * never abort someone's transaction (and in a failed one it could not run). The statement goes
 * ahead of the caller's in the connection's queue; its outcome is not waited for.
 */
function dropRetired(client: pg.Client, names: StatementNames, checked: WeakMap<pg.Client, number>): void {
  const internals = client as unknown as ClientInternals;
  const prepared = internals.connection?.parsedStatements;
  if (internals._txStatus !== 'I' || !prepared) return;
  checked.set(client, names.generation);
  const stale = names.retiredIn(prepared);
  if (stale.length === 0) return;
  for (const name of stale) delete prepared[name];
  const text = stale.map((name) => `deallocate ${client.escapeIdentifier(name)}`).join('; ');
  (pg.Client.prototype.query as (...a: unknown[]) => unknown).call(client, text, () => {});
}
