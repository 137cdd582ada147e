// SIGTERM under load against the real entry point: readiness turns 503 `draining` at once, the
// listener keeps serving through the drain (until a load balancer reading readiness stops sending),
// every request completes, and no connection is reset; afterwards new connections are refused and
// the log says the shutdown completed.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
}

const causeCode = (err: unknown) =>
  ((err as { cause?: { code?: string } }).cause?.code ??
    (err as { code?: string }).code ??
    String(err)) as string;

describe('shutdown with a drain', () => {
  it('serves through the drain, completes every request in flight, resets none', async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'agora-drain-'));
    // Node itself with tsx's loader (not the tsx wrapper, which relays signals and exits on its own).
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverRoot, 'src/main.ts')], {
      cwd: serverRoot,
      env: {
        ...process.env,
        LOG_LEVEL: 'info',
        DATABASE_URL: '',
        REDIS_URL: '',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        SHUTDOWN_DRAIN_SECONDS: '2',
        NODE_ENV: 'production',
        PAYMENTS_PROVIDER: 'sandbox',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stdout += d));
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    const base = `http://127.0.0.1:${port}`;
    try {
      const deadline = Date.now() + 150_000;
      for (;;) {
        expect(child.exitCode, stdout).toBeNull();
        expect(Date.now()).toBeLessThan(deadline);
        const ok = await fetch(`${base}/api/health/ready`).then(
          (r) => r.status === 200,
          () => false,
        );
        if (ok) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      const results = { ok: 0, other: [] as string[], readyDuringDrain: [] as number[] };
      let sigtermAt = 0;
      // A load balancer: it polls readiness and stops sending to this instance shortly after it
      // reads `draining` (well inside the drain); until then clients keep sending on keep-alive
      // connections, and every request must be answered.
      let removed = false;
      const client = async () => {
        while (!removed) {
          try {
            // Liveness: a real route through the whole stack that the per-client limits leave
            // alone (four clients in a loop would spend a client's read budget in a second).
            const res = await fetch(`${base}/api/health`);
            await res.arrayBuffer();
            if (res.status === 200) results.ok++;
            else results.other.push(`HTTP ${res.status}`);
          } catch (err) {
            results.other.push(`${causeCode(err)} at +${sigtermAt ? Date.now() - sigtermAt : 'before'} ms`);
            if (results.other.length > 20) removed = true;
          }
        }
      };
      const loadBalancer = async () => {
        while (!removed) {
          let res: Response;
          let body: { status: string };
          try {
            res = await fetch(`${base}/api/health/ready`);
            body = (await res.json()) as { status: string };
          } catch (err) {
            results.other.push(
              `ready: ${causeCode(err)} at +${sigtermAt ? Date.now() - sigtermAt : 'before'} ms`,
            );
            if (results.other.length > 20) removed = true;
            continue;
          }
          // From the first 503 on (the signal takes a moment to arrive), readiness says draining.
          if (sigtermAt && (res.status === 503 || results.readyDuringDrain.length > 0)) {
            results.readyDuringDrain.push(res.status);
            expect(body.status).toBe('draining');
            if (results.readyDuringDrain.length === 1) setTimeout(() => (removed = true), 500);
          }
          await new Promise((r) => setTimeout(r, 100));
        }
      };
      const clients = [client(), client(), client(), client(), loadBalancer()];
      await new Promise((r) => setTimeout(r, 500));
      const okBefore = results.ok;
      sigtermAt = Date.now();
      child.kill('SIGTERM');
      await Promise.all(clients);
      const code = await exited;
      expect(code, stdout).toBe(0);
      // Served before and through the drain; nothing but refusals once it closed.
      expect(okBefore).toBeGreaterThan(0);
      expect(results.ok).toBeGreaterThan(okBefore);
      expect(results.other, stdout.slice(-2000)).toEqual([]);
      expect(results.readyDuringDrain.length).toBeGreaterThan(0);
      expect(new Set(results.readyDuringDrain)).toEqual(new Set([503]));
      expect(stdout).toMatch(/draining: readiness 503, still serving/);
      expect(stdout).toMatch(/shutdown complete/);
      // Gone: a new connection is refused, not reset.
      await expect(fetch(`${base}/api/health`)).rejects.toSatisfy((err) => causeCode(err) === 'ECONNREFUSED');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
