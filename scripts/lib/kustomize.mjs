// A small renderer of the Kustomize subset deploy/k8s uses, so `npm test` can render the manifests
// without a kubectl binary: `resources` (files and directories with a kustomization.yaml),
// `namespace`, `labels` (metadata only: includeSelectors false), `images` and `patches` (strategic
// merge patches from a file or inline, `$patch: delete` included). A field it does not know stops it
// with a message, so the files never rely on something it would skip. `kubectl kustomize <dir>` renders
// the same objects.
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';

const KNOWN = new Set(['apiVersion', 'kind', 'resources', 'namespace', 'labels', 'images', 'patches']);

/** Kinds that live outside namespaces (the namespace transformer leaves them alone). */
const CLUSTER_SCOPED = new Set([
  'Namespace',
  'PersistentVolume',
  'StorageClass',
  'ClusterRole',
  'ClusterRoleBinding',
  'CustomResourceDefinition',
  'PriorityClass',
  'IngressClass',
  'MutatingWebhookConfiguration',
  'ValidatingWebhookConfiguration',
]);

/** Kustomize's output order ("legacy"): these kinds first in this order, the rest by group/version/kind. */
const ORDER_FIRST = [
  'Namespace',
  'ResourceQuota',
  'StorageClass',
  'CustomResourceDefinition',
  'ServiceAccount',
  'PodSecurityPolicy',
  'Role',
  'ClusterRole',
  'RoleBinding',
  'ClusterRoleBinding',
  'ConfigMap',
  'Secret',
  'Endpoints',
  'Service',
  'LimitRange',
  'PriorityClass',
  'PersistentVolume',
  'PersistentVolumeClaim',
  'Deployment',
  'StatefulSet',
  'CronJob',
  'PodDisruptionBudget',
];
const ORDER_LAST = ['MutatingWebhookConfiguration', 'ValidatingWebhookConfiguration'];

/** Lists merged item by item on this key (the strategic-merge keys of the fields deploy/k8s patches). */
const MERGE_KEYS = {
  containers: 'name',
  initContainers: 'name',
  volumes: 'name',
  env: 'name',
  volumeMounts: 'mountPath',
  ports: 'containerPort',
};

const readYaml = (file) =>
  YAML.parseAllDocuments(fs.readFileSync(file, 'utf8'))
    .map((doc) => {
      if (doc.errors.length) throw new Error(`${file}: ${doc.errors[0].message}`);
      return doc.toJS();
    })
    .filter((o) => o !== null && o !== undefined);

const isMap = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

function mergeList(field, base, patch) {
  const key = MERGE_KEYS[field];
  if (!key || !base.every(isMap) || !patch.every(isMap)) return structuredClone(patch);
  const out = base.map((item) => structuredClone(item));
  for (const item of patch) {
    const at = out.findIndex((o) => o[key] === item[key]);
    if (item.$patch === 'delete') {
      if (at >= 0) out.splice(at, 1);
    } else if (at >= 0) out[at] = merge(out[at], item);
    else out.push(structuredClone(item));
  }
  return out;
}

/** A strategic merge patch of `patch` onto `base` (maps merged, null deletes, keyed lists merged). */
export function merge(base, patch) {
  const out = structuredClone(base);
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else if (isMap(v) && isMap(out[k])) out[k] = merge(out[k], v);
    else if (Array.isArray(v) && Array.isArray(out[k])) out[k] = mergeList(k, out[k], v);
    else out[k] = structuredClone(v);
  }
  return out;
}

const sameObject = (a, b) => a.kind === b.kind && a.metadata?.name === b.metadata?.name;

function applyPatch(objects, patch, where) {
  const at = objects.findIndex((o) => sameObject(o, patch));
  if (at < 0) throw new Error(`${where}: no ${patch.kind} ${patch.metadata?.name} to patch`);
  if (patch.$patch === 'delete') objects.splice(at, 1);
  else objects[at] = merge(objects[at], patch);
}

/** Every container list in an object (pods, pod templates, job templates). */
function* containersOf(node) {
  if (Array.isArray(node)) for (const v of node) yield* containersOf(v);
  else if (isMap(node)) {
    for (const [k, v] of Object.entries(node)) {
      if ((k === 'containers' || k === 'initContainers') && Array.isArray(v)) yield* v;
      else yield* containersOf(v);
    }
  }
}

function setImages(objects, images) {
  for (const image of images) {
    for (const o of objects) {
      for (const c of containersOf(o)) {
        const m = /^([^@:]+(?::\d+\/[^@:]+)?)(?::([^@]+))?(@.+)?$/.exec(c.image ?? '');
        if (!m || m[1] !== image.name) continue;
        const name = image.newName ?? m[1];
        c.image = image.digest
          ? `${name}@${image.digest}`
          : `${name}${image.newTag ? `:${image.newTag}` : m[2] ? `:${m[2]}` : ''}`;
      }
    }
  }
}

function orderOf(o) {
  const first = ORDER_FIRST.indexOf(o.kind);
  if (first >= 0) return [0, first, ''];
  const last = ORDER_LAST.indexOf(o.kind);
  if (last >= 0) return [2, last, ''];
  const [group, version] = o.apiVersion.includes('/') ? o.apiVersion.split('/') : ['', o.apiVersion];
  return [1, 0, `${group}_${version}_${o.kind}`];
}

function compareObjects(a, b) {
  const [ga, ia, sa] = orderOf(a);
  const [gb, ib, sb] = orderOf(b);
  if (ga !== gb) return ga - gb;
  if (ia !== ib) return ia - ib;
  if (sa !== sb) return sa < sb ? -1 : 1;
  const na = `${a.metadata?.namespace ?? ''}/${a.metadata?.name}`;
  const nb = `${b.metadata?.namespace ?? ''}/${b.metadata?.name}`;
  return na < nb ? -1 : na > nb ? 1 : 0;
}

function build(dir) {
  const file = path.join(dir, 'kustomization.yaml');
  if (!fs.existsSync(file)) throw new Error(`${dir}: no kustomization.yaml`);
  const [k] = readYaml(file);
  for (const field of Object.keys(k)) if (!KNOWN.has(field)) throw new Error(`${file}: field ${field} is not supported here`);
  const objects = [];
  for (const entry of k.resources ?? []) {
    const at = path.resolve(dir, entry);
    if (fs.statSync(at).isDirectory()) objects.push(...build(at));
    else objects.push(...readYaml(at));
  }
  for (const p of k.patches ?? []) {
    if (p.target) throw new Error(`${file}: patches with a target are not supported here`);
    const docs = p.path ? readYaml(path.resolve(dir, p.path)) : YAML.parseAllDocuments(p.patch).map((d) => d.toJS());
    for (const patch of docs) applyPatch(objects, patch, `${file} (${p.path ?? 'inline patch'})`);
  }
  if (k.namespace) {
    for (const o of objects) if (!CLUSTER_SCOPED.has(o.kind)) (o.metadata ??= {}).namespace = k.namespace;
  }
  for (const l of k.labels ?? []) {
    if (l.includeSelectors || l.includeTemplates) throw new Error(`${file}: labels only on metadata are supported here`);
    for (const o of objects) (o.metadata ??= {}).labels = { ...o.metadata.labels, ...l.pairs };
  }
  setImages(objects, k.images ?? []);
  return objects;
}

/** The objects a kustomization directory renders to, in kustomize's order. */
export function render(dir) {
  return build(path.resolve(dir)).sort(compareObjects);
}

/** The objects as one multi-document YAML stream. */
export const toYaml = (objects) => objects.map((o) => YAML.stringify(o, { sortMapEntries: true })).join('---\n');
