// The project's import boundaries as one ESLint rule: every source file belongs to a layer (by its
// path), and each layer may import only the layers its row allows. The table below IS the
// architecture; docs/architecture.md explains it. Tests and test support are outside the layers.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

/**
 * Where a file sits: its package area and layer, and for module and feature code, which module or
 * feature it belongs to (`unit`). `entry` marks a unit's public surface (index.ts, <name>.module.ts).
 */
export function classify(file) {
  const rel = path.relative(root, file).split(path.sep).join('/');
  let m;
  if ((m = rel.match(/^backend\/src\/modules\/([^/]+)\/(.*)$/))) {
    const [, unit, rest] = m;
    const entry = rest === 'index.ts' || rest === `${unit}.module.ts`;
    const parts = rest.split('/');
    // identity has sub-areas (provider, users, federation); their layer is the folder under them
    const layerFolder = parts.find((p) => MODULE_LAYERS.has(p));
    const layer = entry ? 'module-entry' : layerFolder ? `module-${layerFolder}` : 'module-root';
    return { area: 'backend', layer, unit };
  }
  if ((m = rel.match(/^backend\/src\/(platform|apps|devkit|test-support)\//))) return { area: 'backend', layer: m[1] };
  if ((m = rel.match(/^frontend\/src\/features\/([^/]+)\/(.*)$/))) {
    // a feature's public surface: index.ts, and lazy.ts for what is loaded in a chunk of its own (import())
    return { area: 'frontend', layer: 'feature', unit: m[1], entry: /^(index|lazy)\.tsx?$/.test(m[2]) };
  }
  if ((m = rel.match(/^frontend\/src\/routes\/([^/]+)/))) return { area: 'frontend', layer: 'route', unit: m[1] };
  if ((m = rel.match(/^frontend\/src\/(ui|api)\//))) return { area: 'frontend', layer: m[1] };
  if (/^frontend\/src\/[^/]+$/.test(rel)) return { area: 'frontend', layer: 'app' };
  if (rel.startsWith('contracts/src/')) return { area: 'contracts', layer: 'contracts' };
  // the worker: its devkit (stand-ins loaded by its root outside production) apart from the product's code
  if (rel.startsWith('workers/src/devkit/')) return { area: 'workers', layer: 'worker-devkit' };
  if (rel.startsWith('workers/src/')) return { area: 'workers', layer: 'worker' };
  return null;
}

const MODULE_LAYERS = new Set(['http', 'commands', 'queries', 'domain', 'infra', 'projections', 'reactors', 'jobs']);

/**
 * Which layers a layer may import inside its own module (or, for the frontend, the project). Imports of
 * another module go through its entry (index.ts) only, from any layer but domain.
 */
const ALLOWED = {
  // backend module layers: http -> commands/queries -> domain; infra serves commands, queries and projections
  'module-entry': ['*'],
  'module-root': ['*'],
  'module-http': ['module-http', 'module-commands', 'module-queries', 'module-domain'],
  'module-commands': ['module-commands', 'module-domain', 'module-infra', 'module-queries'],
  'module-queries': ['module-queries', 'module-domain', 'module-infra'],
  'module-reactors': ['module-reactors', 'module-commands', 'module-queries', 'module-domain', 'module-infra'],
  'module-jobs': ['module-jobs', 'module-commands', 'module-domain', 'module-infra'],
  'module-projections': ['module-projections', 'module-domain', 'module-infra'],
  'module-infra': ['module-infra', 'module-domain'],
  'module-domain': ['module-domain'],
};

/** Layers outside modules: what each may reach. */
const OUTSIDE = {
  platform: ['platform', 'contracts'],
  apps: ['*'],
  devkit: ['devkit', 'platform', 'contracts', 'module-entry'],
  'test-support': ['*'],
  contracts: ['contracts'],
  // the worker's processors, AI providers and media tools never import its devkit (worker-ai.ts requires it on demand)
  worker: ['worker', 'contracts'],
  'worker-devkit': ['worker-devkit', 'worker', 'contracts'],
  // frontend: routes -> features -> ui/api
  app: ['*'],
  route: ['route', 'feature', 'ui', 'api', 'contracts'],
  feature: ['feature', 'ui', 'api', 'contracts'],
  ui: ['ui', 'contracts'],
  api: ['api', 'contracts'],
};

const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.js', '.mjs', '/index.ts', '/index.tsx'];

function resolveRelative(fromFile, spec) {
  const base = path.resolve(path.dirname(fromFile), spec);
  for (const ext of EXTENSIONS) {
    const candidate = base + ext;
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return base;
}

/** The file a specifier names, for the project's own packages and relative paths; null for libraries. */
function target(fromFile, spec) {
  if (spec.startsWith('.')) return resolveRelative(fromFile, spec);
  if (spec === '@sparkhouse/contracts') return path.join(root, 'contracts/src/index.ts');
  if (spec.startsWith('@sparkhouse/contracts/'))
    return resolveRelative(path.join(root, 'contracts/src/x'), `./${spec.slice(22)}`);
  if (spec === '@sparkhouse/backend') return path.join(root, 'backend/src/index.ts');
  return null;
}

/** Why an import breaks the boundaries, or null when it is allowed. */
export function violation(fromFile, spec) {
  const from = classify(fromFile);
  const to = target(fromFile, spec);
  if (!from || !to) return null;
  const dest = classify(to);
  if (!dest) return null;
  if (from.area === 'backend' && from.layer.startsWith('module-') && dest.layer.startsWith('module-')) {
    if (dest.unit !== from.unit) {
      if (from.layer === 'module-domain') return `the domain of ${from.unit} is pure: it may not import module ${dest.unit}`;
      return dest.layer === 'module-entry'
        ? null
        : `reach ${dest.unit} through modules/${dest.unit}/index.ts, not its ${dest.layer.slice(7)}`;
    }
    const allowed = ALLOWED[from.layer];
    if (allowed.includes('*') || allowed.includes(dest.layer)) return null;
    return `${from.layer.slice(7)} may not import ${dest.layer.slice(7)} (${from.unit})`;
  }
  if (from.area === 'backend' && from.layer.startsWith('module-')) {
    // module code may use the platform and contracts; never a composition root or the dev kit
    if (['platform', 'contracts'].includes(dest.layer))
      return from.layer === 'module-domain' && dest.layer === 'platform' ? domainPlatform(to) : null;
    return `module code may not import ${dest.layer}`;
  }
  if (from.layer === 'feature' && dest.layer === 'feature' && dest.unit !== from.unit && !dest.entry) {
    return `use features/${dest.unit}/index.ts, not its internals`;
  }
  if (from.layer === 'route' && dest.layer === 'feature' && !dest.entry)
    return `use features/${dest.unit}/index.ts, not its internals`;
  const reach = OUTSIDE[from.layer];
  if (!reach || reach.includes('*')) return null;
  const destLayer = dest.layer.startsWith('module-')
    ? dest.layer === 'module-entry'
      ? 'module-entry'
      : 'module-internal'
    : dest.layer;
  if (reach.includes(destLayer)) return null;
  return `${from.layer} may not import ${destLayer === 'module-internal' ? `the internals of module ${dest.unit}` : destLayer}`;
}

/** A domain may use the platform's error types (a rule refusing a command is a 4xx) and nothing else of it. */
function domainPlatform(to) {
  const rel = path.relative(path.join(root, 'backend/src/platform'), to).split(path.sep).join('/');
  return ['http/errors.ts', 'events/errors.ts'].includes(rel) ? null : `a domain is pure: it may not import platform/${rel}`;
}

const boundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'imports follow the layers of docs/architecture.md' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    if (/\.(spec|test)\.tsx?$/.test(file) || /\/(test|testing)\//.test(file)) return {};
    const check = (node, spec) => {
      if (typeof spec !== 'string') return;
      const why = violation(file, spec);
      if (why) context.report({ node, message: `Import of '${spec}': ${why}.` });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export default { meta: { name: 'sparkhouse-architecture' }, rules: { boundaries } };
