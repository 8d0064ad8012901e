// The Kubernetes manifests (deploy/k8s): render a kustomization, or render it and check every object
// against the Kubernetes API schemas (kubernetes-models' validators).
//   node scripts/k8s.mjs render [dir]          the YAML kubectl apply -k would apply (dir: deploy/k8s/overlays/production)
//   node scripts/k8s.mjs validate [dir] [--json]  one line per object; exits 1 when one is invalid
import path from 'node:path';
import { render, toYaml } from './lib/kustomize.mjs';
import { root } from './lib/paths.mjs';

/** The kubernetes-models class of an object's apiVersion and kind (the core group is `v1`). */
async function modelOf({ apiVersion, kind }) {
  const module = `kubernetes-models/${apiVersion}/${kind}`;
  try {
    return (await import(module))[kind];
  } catch {
    return null;
  }
}

/** Every object of a rendered kustomization with the schema's verdict. */
export async function validate(dir) {
  const results = [];
  for (const object of render(dir)) {
    const Model = await modelOf(object);
    let error = Model ? null : `no schema for ${object.apiVersion} ${object.kind}`;
    if (Model) {
      try {
        new Model(object).validate();
      } catch (err) {
        error = err.message;
      }
    }
    results.push({ apiVersion: object.apiVersion, kind: object.kind, name: object.metadata?.name, error, object });
  }
  return results;
}

const [command, dirArg, ...rest] = process.argv.slice(2);
const dir = path.resolve(root, dirArg && !dirArg.startsWith('--') ? dirArg : 'deploy/k8s/overlays/production');
if (command === 'render') {
  process.stdout.write(toYaml(render(dir)));
} else if (command === 'validate') {
  const results = await validate(dir);
  if ([dirArg, ...rest].includes('--json')) process.stdout.write(JSON.stringify(results));
  else
    for (const r of results)
      console.log(`${r.error ? 'INVALID' : 'valid  '} ${r.apiVersion} ${r.kind} ${r.name}${r.error ? `: ${r.error}` : ''}`);
  process.exitCode = results.some((r) => r.error) ? 1 : 0;
} else {
  console.error('usage: node scripts/k8s.mjs render|validate [kustomization dir] [--json]');
  process.exitCode = 2;
}
