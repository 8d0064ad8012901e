import fs from 'node:fs';
import path from 'node:path';

/**
 * Module boundaries: a module is used by others only through its index.ts, and the platform never
 * depends on a module. Fails the build when code reaches into another module's internals.
 */
const src = __dirname;
const modulesDir = path.join(src, 'modules');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

function imports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|require\(['"]([^'"]+)['"]\)/g)].map(
    (m) => m[1] ?? m[2],
  );
}

/** Violations for one file: imports of another module other than through its index. */
export function boundaryViolations(file: string, specifiers: string[]): string[] {
  const out: string[] = [];
  const rel = path.relative(src, file).split(path.sep);
  const ownModule = rel[0] === 'modules' ? rel[1] : null;
  for (const spec of specifiers.filter((s) => s.startsWith('.'))) {
    const target = path.relative(src, path.resolve(path.dirname(file), spec)).split(path.sep);
    if (target[0] !== 'modules') continue;
    const targetModule = target[1];
    if (rel[0] === 'platform')
      out.push(`${rel.join('/')} imports module ${targetModule}: the platform must not depend on modules`);
    else if (targetModule !== ownModule && target.length > 2 && !(target.length === 3 && target[2] === 'index')) {
      out.push(`${rel.join('/')} imports ${target.join('/')}: use modules/${targetModule}/index.ts`);
    }
  }
  return out;
}

describe('module boundaries', () => {
  it('every module exposes an index.ts and a <name>.module.ts', () => {
    for (const name of fs.readdirSync(modulesDir)) {
      expect(fs.existsSync(path.join(modulesDir, name, 'index.ts'))).toBe(true);
      expect(fs.existsSync(path.join(modulesDir, name, `${name}.module.ts`))).toBe(true);
    }
  });

  it('no file reaches into another module or lets the platform depend on a module', () => {
    const violations = sourceFiles(src)
      .filter(
        (f) =>
          !f.includes(`${path.sep}test-support${path.sep}`) && !f.includes(`${path.sep}apps${path.sep}`),
      )
      .flatMap((f) => boundaryViolations(f, imports(f)));
    expect(violations).toEqual([]);
  });

  it('the check itself catches a deep import and allows an index import', () => {
    const file = path.join(modulesDir, 'catalogue', 'commands', 'x.ts');
    expect(boundaryViolations(file, ['../../operations/queries/job-runs.queries'])).toHaveLength(1);
    expect(boundaryViolations(file, ['../../operations'])).toEqual([]);
    expect(boundaryViolations(file, ['../../operations/index'])).toEqual([]);
    expect(boundaryViolations(file, ['../domain/rules'])).toEqual([]);
    expect(boundaryViolations(path.join(src, 'platform', 'x.ts'), ['../modules/operations'])).toHaveLength(1);
  });
});
