// The deploy examples are documentation an operator copies, so they must at least parse, refer to
// what exists, wait for migrations and readiness, and never run with their placeholder secrets.
// No docker here: the YAML is parsed and compose's ${…} interpolation applied by hand.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { ConfigError, loadConfig } from '../../src/config.js';

const deploy = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../deploy');
const scratch = mkdtempSync(path.join(tmpdir(), 'agora-deploy-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// biome-ignore lint/suspicious/noExplicitAny: parsed YAML is walked freely
type Yaml = any;

function load(file: string): Yaml {
  const doc = parseDocument(readFileSync(path.join(deploy, file), 'utf8'), { merge: true });
  expect(doc.errors.map((e) => e.message)).toEqual([]);
  expect(doc.warnings.map((e) => e.message)).toEqual([]);
  return doc.toJS({ maxAliasCount: -1 });
}

class ComposeRefused extends Error {}

/** Compose's interpolation: ${VAR}, ${VAR:-default}, ${VAR:?error} and $$ for a literal $. */
function interpolate(value: Yaml, vars: Record<string, string>): Yaml {
  if (typeof value === 'string') {
    return value.replace(
      /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:-|:\?)([^}]*))?\}/g,
      (m, name: string, op: string | undefined, arg: string) => {
        if (m === '$$') return '$';
        const v = vars[name];
        if (op === ':-') return v || arg;
        if (op === ':?') {
          if (!v) throw new ComposeRefused(`${name}: ${arg}`);
          return v;
        }
        return v ?? '';
      },
    );
  }
  if (Array.isArray(value)) return value.map((v) => interpolate(v, vars));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v, vars)]));
  return value;
}

const compose = load('compose.example.yml');
const services = compose.services as Record<string, Yaml>;
const apps = ['app1', 'app2'];

/** Real-looking values for every variable the example asks for. */
const provided = {
  POSTGRES_PASSWORD: 'a-database-password-of-our-own',
  MINIO_ROOT_PASSWORD: 'a-minio-password-of-our-own',
  JWT_SECRET: 'kJ3v9Qm2pX8rT5wY1zB6nC4dF7gH0jL2sA9eU3iO5qW8',
  RAZORPAY_KEY_ID: 'rzp_live_ours',
  RAZORPAY_KEY_SECRET: 'our-razorpay-key-secret-value',
  RAZORPAY_WEBHOOK_SECRET: 'our-razorpay-webhook-secret-value',
  METRICS_TOKEN: 'our-metrics-token-0123456789',
};

/** The environment an app container gets, as the server reads it (DATA_DIR kept out of /tmp/agora). */
function appEnv(vars: Record<string, string>): Record<string, string> {
  const env = interpolate(services.app1.environment, vars) as Record<string, string>;
  return { ...env, DATA_DIR: scratch };
}

describe('deploy/compose.example.yml', () => {
  it('runs the app and the migration on Node 22 LTS, an official node:22 image', () => {
    for (const name of [...apps, 'migrate']) expect(services[name].image).toMatch(/^node:22(-[a-z0-9.-]+)?$/);
  });

  it('migrates once, in a one-shot service the app instances wait for; the instances never migrate', () => {
    expect(services.migrate.command).toEqual(['node', 'apps/server/dist/main.js', '--migrate-only']);
    expect(services.migrate.restart).toBe('no');
    expect(services.migrate.depends_on.postgres).toEqual({ condition: 'service_healthy' });
    for (const name of apps) {
      expect(services[name].depends_on.migrate).toEqual({ condition: 'service_completed_successfully' });
      expect(services[name].environment.MIGRATE_ON_START).toBe('false');
      expect(services[name].command).toEqual(['node', 'apps/server/dist/main.js']);
    }
    // The migration sees the very database the instances use.
    expect(services.migrate.environment.DATABASE_URL).toBe(services.app1.environment.DATABASE_URL);
  });

  it('checks readiness (/api/health/ready), and the proxy sends traffic to ready instances only', () => {
    for (const name of apps) {
      const test = services[name].healthcheck.test as string[];
      expect(test[0]).toBe('CMD');
      expect(test.join(' ')).toContain('/api/health/ready');
      // A fetch that exits non-zero unless the answer is 2xx (node has no curl in the slim image).
      expect(test.join(' ')).toMatch(/r\.ok \? 0 : 1/);
    }
    expect(services.proxy.depends_on).toEqual({
      app1: { condition: 'service_healthy' },
      app2: { condition: 'service_healthy' },
    });
    const caddyfile = compose.configs.caddyfile.content as string;
    expect(caddyfile).toContain('health_uri /api/health/ready');
    expect(caddyfile).toMatch(/respond \/metrics 404/);
  });

  it('refers only to services, configs and volumes it defines', () => {
    for (const [name, s] of Object.entries(services)) {
      const deps = Array.isArray(s.depends_on) ? s.depends_on : Object.keys(s.depends_on ?? {});
      for (const d of deps) expect([name, d, d in services]).toEqual([name, d, true]);
      expect(typeof s.image).toBe('string');
      for (const c of s.configs ?? []) expect(c.source in compose.configs).toBe(true);
      for (const v of s.volumes ?? []) {
        const source = String(v).split(':')[0]!;
        if (source.startsWith('.')) continue;
        expect([name, source, source in compose.volumes]).toEqual([name, source, true]);
      }
    }
  });

  it('refuses to run without secrets of your own: compose for the passwords, the server for the rest', () => {
    // Nothing provided: compose itself stops at the passwords it cannot default.
    expect(() => interpolate(compose, {})).toThrow(ComposeRefused);
    for (const name of ['POSTGRES_PASSWORD', 'MINIO_ROOT_PASSWORD']) {
      expect(() => interpolate(compose, { ...provided, [name]: '' })).toThrow(new RegExp(name));
    }
    // Every secret left at its example value: the server refuses to start, naming it.
    for (const name of ['JWT_SECRET', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET', 'METRICS_TOKEN']) {
      const env = appEnv({ ...provided, [name]: '' });
      expect(env[name]).toMatch(/^replace-with-/);
      let err: unknown;
      try {
        loadConfig(env);
      } catch (e) {
        err = e;
      }
      expect(err, name).toBeInstanceOf(ConfigError);
      expect((err as Error).message).toMatch(new RegExp(`^${name}`));
    }
    // The same with deploy/.env.example copied as it is.
    const example = Object.fromEntries(
      readFileSync(path.join(deploy, '.env.example'), 'utf8')
        .split('\n')
        .filter((l) => /^[A-Z_]+=/.test(l))
        .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
    );
    expect(() => interpolate(compose, example)).toThrow(ComposeRefused);
    expect(() =>
      loadConfig(
        appEnv({ ...example, POSTGRES_PASSWORD: 'x'.repeat(20), MINIO_ROOT_PASSWORD: 'y'.repeat(20) }),
      ),
    ).toThrow(ConfigError);
    // With every secret provided, the example is a configuration the server accepts.
    const config = loadConfig(appEnv(provided));
    expect(config.databaseUrl).toBe(`postgres://agora:${provided.POSTGRES_PASSWORD}@postgres:5432/agora`);
    expect(config.payments.provider).toBe('razorpay');
    expect(config.migrateOnStart).toBe(false);
    expect(config.storage.kind).toBe('s3');
  });

  it('runs Prometheus on deploy/prometheus.yml with the same METRICS_TOKEN', () => {
    const p = services.prometheus;
    expect(p.volumes).toContain('./prometheus.yml:/etc/prometheus/prometheus.yml:ro');
    expect(p.environment.METRICS_TOKEN).toBe(services.app1.environment.METRICS_TOKEN);
    // The token goes to the file prometheus.yml reads, and Prometheus is not published beyond the host.
    const script = (p.entrypoint as string[]).join('\n');
    const scrape = load('prometheus.yml').scrape_configs[0];
    expect(script).toContain(`> ${scrape.authorization.credentials_file}`);
    expect(p.ports).toEqual(['127.0.0.1:9090:9090']);
    expect(scrape.metrics_path).toBe('/metrics');
    expect(scrape.authorization.type).toBe('Bearer');
    expect(scrape.static_configs[0].targets).toEqual(apps.map((a) => `${a}:4000`));
  });
});

describe('deploy/backup-cronjob.yml', () => {
  it('is a Kubernetes CronJob that backs up, then verifies, one run at a time', () => {
    const job = load('backup-cronjob.yml');
    expect(job.apiVersion).toBe('batch/v1');
    expect(job.kind).toBe('CronJob');
    expect(job.spec.schedule.split(' ')).toHaveLength(5);
    expect(job.spec.concurrencyPolicy).toBe('Forbid');
    const container = job.spec.jobTemplate.spec.template.spec.containers[0];
    const script = container.args.join('\n') as string;
    expect(script).toMatch(/set -eu/);
    expect(script.indexOf('npm run backup -- --out')).toBeGreaterThan(-1);
    expect(script.indexOf('npm run backup -- --verify')).toBeGreaterThan(script.indexOf('--out'));
    const env = Object.fromEntries(container.env.map((e: Yaml) => [e.name, e]));
    expect(env.JWT_SECRET.valueFrom.secretKeyRef).toBeTruthy();
    expect(env.DATABASE_URL.valueFrom.secretKeyRef).toBeTruthy();
  });
});
