import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { system } from '@sparkhouse/contracts';
import { configSchema, loadConfig } from '../../backend/src/platform/config/config';

/**
 * deploy/k8s rendered as `kubectl apply -k` would apply it (scripts/k8s.mjs: a renderer of the
 * Kustomize subset the files use) and every object checked against the Kubernetes API schemas
 * (kubernetes-models), then what the product needs of them: probes on the health endpoints, the
 * shutdown, migrations before the API, autoscaling and disruption budgets that find their pods, the
 * settings the processes accept, socket.io through the Ingress.
 */
const root = path.resolve(__dirname, '../..');

type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: any; // the objects are checked by their schemas; the test reads them loosely
  data?: Record<string, string>;
  stringData?: Record<string, string>;
};
type Verdict = { apiVersion: string; kind: string; name: string; error: string | null; object: K8sObject };

const validated = (dir: string): Verdict[] =>
  JSON.parse(
    execFileSync(process.execPath, [path.join(root, 'scripts/k8s.mjs'), 'validate', dir, '--json'], {
      cwd: root,
      encoding: 'utf8',
    }),
  );

const overlays = { base: 'deploy/k8s/base', production: 'deploy/k8s/overlays/production' };
const rendered = Object.fromEntries(Object.entries(overlays).map(([k, dir]) => [k, validated(dir)])) as Record<
  keyof typeof overlays,
  Verdict[]
>;

const find = (objects: K8sObject[], kind: string, name: string) => {
  const o = objects.find((x) => x.kind === kind && x.metadata.name === name);
  if (!o) throw new Error(`no ${kind} ${name}`);
  return o;
};
const matches = (selector: Record<string, string>, labels: Record<string, string> = {}) =>
  Object.entries(selector).every(([k, v]) => labels[k] === v);
const container = (deployment: K8sObject, name: string) => {
  const c = deployment.spec.template.spec.containers.find((x: { name: string }) => x.name === name);
  if (!c) throw new Error(`no container ${name} in ${deployment.metadata.name}`);
  return c;
};

describe.each(Object.keys(overlays) as (keyof typeof overlays)[])('deploy/k8s (%s)', (overlay) => {
  const verdicts = rendered[overlay];
  const objects = verdicts.map((v) => v.object);
  const api = find(objects, 'Deployment', 'sparkhouse-api');
  const worker = find(objects, 'Deployment', 'sparkhouse-worker');
  const config = find(objects, 'ConfigMap', 'sparkhouse-config');

  it('renders objects that all satisfy the Kubernetes API schemas', () => {
    expect(verdicts.length).toBeGreaterThanOrEqual(11);
    expect(verdicts.filter((v) => v.error).map((v) => `${v.kind} ${v.name}: ${v.error}`)).toEqual([]);
    const kinds = new Set(objects.map((o) => o.kind));
    for (const kind of [
      'Deployment',
      'Service',
      'HorizontalPodAutoscaler',
      'PodDisruptionBudget',
      'Job',
      'ConfigMap',
      'Ingress',
    ]) {
      expect(kinds).toContain(kind);
    }
  });

  it('runs the API and the worker from the one image, the API with the Dockerfile command and node flags', () => {
    const images = new Set(
      [api, worker, find(objects, 'Job', 'sparkhouse-migrate')].flatMap((o) =>
        [...o.spec.template.spec.containers, ...(o.spec.template.spec.initContainers ?? [])].map(
          (c: { image: string }) => c.image,
        ),
      ),
    );
    expect(images.size).toBe(1);
    const cmd = /^CMD (\[.*\])$/m.exec(fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8'));
    expect(container(api, 'api').command).toEqual(JSON.parse(cmd![1]));
    expect(container(worker, 'worker').command).toEqual(['node', '--enable-source-maps', 'workers/dist/main.js']);
  });

  it('probes the API on its health endpoints and the worker on its own, on the ports they listen on', () => {
    const a = container(api, 'api');
    const port = (c: { ports: { name: string; containerPort: number }[] }, name: string) =>
      c.ports.find((p) => p.name === name)!.containerPort;
    expect(port(a, a.readinessProbe.httpGet.port)).toBe(Number(config.data!.PORT));
    expect(a.readinessProbe.httpGet.path).toBe(`/api${system.readiness.path}`);
    expect(a.livenessProbe.httpGet.path).toBe(`/api${system.liveness.path}`);
    expect(a.startupProbe.httpGet.path).toBe(`/api${system.liveness.path}`);
    const w = container(worker, 'worker');
    expect(port(w, w.readinessProbe.httpGet.port)).toBe(Number(config.data!.WORKER_HEALTH_PORT));
    expect(port(w, w.livenessProbe.httpGet.port)).toBe(Number(config.data!.WORKER_HEALTH_PORT));
    expect([w.readinessProbe.httpGet.path, w.livenessProbe.httpGet.path]).toEqual(['/health/ready', '/health']);
  });

  it('stops gracefully: the API leaves the Service before it stops, the worker has time to hand its jobs back', () => {
    const a = container(api, 'api');
    const preStopSeconds = Number(a.lifecycle.preStop.exec.command[1]);
    expect(a.lifecycle.preStop.exec.command[0]).toBe('sleep');
    expect(api.spec.template.spec.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(preStopSeconds + 20);
    // npm start gives the worker 20 s after SIGTERM; the cluster gives it more
    expect(worker.spec.template.spec.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(30);
    for (const d of [api, worker]) expect(d.spec.strategy.rollingUpdate.maxUnavailable).toBe(0);
  });

  it('migrates with a Job, and the API and worker pods start only once no migration is pending', () => {
    const job = find(objects, 'Job', 'sparkhouse-migrate');
    expect(job.spec.template.spec.containers[0].command).toEqual(['node', 'backend/dist/migrations.js', 'up']);
    for (const d of [api, worker]) {
      const wait = d.spec.template.spec.initContainers.find((c: { name: string }) => c.name === 'wait-for-migrations');
      expect(wait.command).toEqual(['node', 'backend/dist/migrations.js', 'wait']);
    }
    expect(fs.existsSync(path.join(root, 'backend/src/migrations.ts'))).toBe(true);
  });

  it('scales each Deployment with an HPA and keeps one pod of each through disruptions', () => {
    for (const d of [api, worker]) {
      const hpa = objects.find((o) => o.kind === 'HorizontalPodAutoscaler' && o.spec.scaleTargetRef.name === d.metadata.name);
      expect(hpa?.spec.scaleTargetRef.kind).toBe('Deployment');
      expect(hpa!.spec.minReplicas).toBeGreaterThanOrEqual(2);
      const pdb = objects.find(
        (o) => o.kind === 'PodDisruptionBudget' && matches(o.spec.selector.matchLabels, d.spec.template.metadata.labels),
      );
      expect(pdb?.spec.minAvailable).toBeGreaterThanOrEqual(1);
      expect(matches(d.spec.selector.matchLabels, d.spec.template.metadata.labels)).toBe(true);
    }
    // each budget covers exactly one Deployment's pods
    const budgets = objects.filter((o) => o.kind === 'PodDisruptionBudget');
    for (const pdb of budgets) {
      expect([api, worker].filter((d) => matches(pdb.spec.selector.matchLabels, d.spec.template.metadata.labels))).toHaveLength(
        1,
      );
    }
  });

  it('routes the Ingress (socket.io included) to the API Service, which selects the API pods only', () => {
    const ingress = find(objects, 'Ingress', 'sparkhouse');
    const backend = ingress.spec.rules[0].http.paths[0].backend.service;
    const service = find(objects, 'Service', backend.name);
    expect(ingress.spec.rules[0].http.paths[0].path).toBe('/');
    expect(service.spec.ports.map((p: { name: string }) => p.name)).toContain(backend.port.name);
    expect(matches(service.spec.selector, api.spec.template.metadata.labels)).toBe(true);
    expect(matches(service.spec.selector, worker.spec.template.metadata.labels)).toBe(false);
    expect(container(api, 'api').ports.map((p: { name: string }) => p.name)).toContain(
      service.spec.ports.find((p: { name: string }) => p.name === backend.port.name).targetPort,
    );
    // socket.io's long-polling handshake stays on one pod; WebSockets stay open
    expect(ingress.metadata.annotations!['nginx.ingress.kubernetes.io/affinity']).toBe('cookie');
    expect(Number(ingress.metadata.annotations!['nginx.ingress.kubernetes.io/proxy-read-timeout'])).toBeGreaterThanOrEqual(60);
  });

  it('gives the processes settings they accept: ConfigMap and Secret keys are settings, and production mode', () => {
    const secret = find(
      rendered.base.map((v) => v.object),
      'Secret',
      'sparkhouse-secrets',
    );
    const known = Object.keys(configSchema.shape);
    for (const key of [...Object.keys(config.data!), ...Object.keys(secret.stringData!)]) expect(known).toContain(key);
    const loaded = loadConfig({ ...config.data, ...secret.stringData });
    expect(loaded.NODE_ENV).toBe('production');
    expect(loaded.WORKER_HEALTH_PORT).toBeGreaterThan(0);
    for (const d of [api, worker]) {
      const refs = d.spec.template.spec.containers[0].envFrom;
      expect(refs).toEqual([{ configMapRef: { name: 'sparkhouse-config' } }, { secretRef: { name: 'sparkhouse-secrets' } }]);
    }
  });
});

describe('deploy/k8s production overlay', () => {
  const objects = rendered.production.map((v) => v.object);

  it('puts everything in its namespace and keeps the Secret out of git', () => {
    for (const o of objects.filter((x) => x.kind !== 'Namespace')) expect(o.metadata.namespace).toBe('sparkhouse');
    expect(objects.some((o) => o.kind === 'Secret')).toBe(false);
    expect(find(objects, 'Ingress', 'sparkhouse').spec.tls[0].hosts).toEqual(['sparkhouse.example.com']);
    expect(find(objects, 'ConfigMap', 'sparkhouse-config').data!.PUBLIC_URL).toBe('https://sparkhouse.example.com');
  });
});
