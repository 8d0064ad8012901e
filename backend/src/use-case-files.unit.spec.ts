import fs from 'node:fs';
import path from 'node:path';

/**
 * One use case, one place (issue 27): in a converted module, commands/ holds `<verb-noun>.command.ts`
 * files, queries/ `<name>.query.ts`, reactors/ `<name>.reactor.ts` (their specs beside them), and a
 * file holds at most one handler; a command or query handler lives in commands/ or queries/, a reactor
 * in reactors/, a job's result handler in jobs/<job>.result.ts. No event payload is cast (projections and
 * reactors receive typed events), and index.ts exports the module and its commands and queries, and the
 * ports a devkit stand-in implements (`domain/<name>.port.ts`), nothing internal.
 */
const modulesDir = path.join(__dirname, 'modules');

/** Modules not converted yet. The list only shrinks: a module converted comes off it (the test says when). */
const NOT_YET_CONVERTED = ['identity'];

const FOLDERS: Record<string, string> = { commands: 'command', queries: 'query', reactors: 'reactor', jobs: 'result' };
const HANDLER = /@(?:CommandHandler|QueryHandler|EventsHandler)\(/g;
/** Every reactor declares its kind (the Reactor interface asks for it), a class or an object alike. */
const REACTOR = /\bkind\s*[:=]\s*'reactor'/g;
/** A job's result handler: one per job, in jobs/<job>.result.ts. */
const RESULT_HANDLER = /@StoresJobResult\(/g;

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(p) : /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

const count = (text: string, pattern: RegExp) => (text.match(pattern) ?? []).length;

/** What breaks the layout in one file of a module (its path relative to the module, and its text). */
export function layoutProblems(rel: string, text: string): string[] {
  const parts = rel.split('/');
  const name = parts[parts.length - 1];
  const spec = /\.spec\.ts$/.test(name);
  const problems: string[] = [];
  const folder = parts.length > 1 ? parts[0] : null;
  const suffix = folder ? FOLDERS[folder] : undefined;
  if (suffix) {
    const own = new RegExp(`^[a-z0-9]+(?:-[a-z0-9]+)*\\.${suffix}(?:\\.(?:unit|int)\\.spec)?\\.ts$`);
    if (parts.length > 2) problems.push(`${rel}: ${folder}/ holds files, not folders`);
    else if (!own.test(name)) problems.push(`${rel}: a file in ${folder}/ is named <name>.${suffix}.ts (or is its spec)`);
  }
  if (spec) return problems;
  const handlers = count(text, HANDLER);
  const reactors = count(text, REACTOR);
  if (handlers > 1) problems.push(`${rel}: ${handlers} handlers in one file (one use case, one file)`);
  if (handlers > 0 && folder !== 'commands' && folder !== 'queries')
    problems.push(`${rel}: a command or query handler lives in commands/ or queries/`);
  if (reactors > 1) problems.push(`${rel}: ${reactors} reactors in one file`);
  if (reactors > 0 && folder !== 'reactors') problems.push(`${rel}: a reactor lives in reactors/`);
  const results = count(text, RESULT_HANDLER);
  if (results > 1) problems.push(`${rel}: ${results} job result handlers in one file`);
  if (results > 0 && folder !== 'jobs') problems.push(`${rel}: a job's result handler lives in jobs/<job>.result.ts`);
  return problems;
}

/** Everything that breaks the conventions in one module. */
function moduleProblems(module: string): string[] {
  const root = path.join(modulesDir, module);
  const problems: string[] = [];
  for (const file of filesUnder(root)) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    const text = fs.readFileSync(file, 'utf8');
    problems.push(...layoutProblems(rel, text).map((p) => `${module}/${p}`));
    const casts = count(text, /\bpayload\s+as\b/g);
    if (casts > 0) problems.push(`${module}/${rel}: ${casts} payload casts (use DomainEvent / isEventOf)`);
  }
  const index = fs.readFileSync(path.join(root, 'index.ts'), 'utf8');
  for (const [, from] of index.matchAll(/export[^;]*?from\s+'([^']+)'/g)) {
    const allowed =
      from === `./${module}.module` ||
      /^\.\/commands\/[a-z0-9-]+\.command$/.test(from) ||
      /^\.\/queries\/[a-z0-9-]+\.query$/.test(from) ||
      /^\.\/domain\/[a-z0-9-]+\.port$/.test(from);
    if (!allowed) problems.push(`${module}/index.ts exports ${from}: only the module, its commands, queries and ports`);
  }
  return problems;
}

describe('one use case, one place', () => {
  const modules = fs.readdirSync(modulesDir).filter((m) => fs.statSync(path.join(modulesDir, m)).isDirectory());

  it('every converted module keeps the layout: one handler a file, named by its folder, typed events, a small index', () => {
    const converted = modules.filter((m) => !NOT_YET_CONVERTED.includes(m));
    expect(converted).toEqual(expect.arrayContaining(['catalogue', 'creator-apps']));
    expect(converted.flatMap(moduleProblems)).toEqual([]);
  });

  it('lists as not yet converted only modules that exist and still break the layout', () => {
    for (const module of NOT_YET_CONVERTED) {
      expect({ module, exists: modules.includes(module) }).toEqual({ module, exists: true });
      const problems = moduleProblems(module);
      if (problems.length === 0) throw new Error(`${module} keeps the layout now: take it off NOT_YET_CONVERTED`);
    }
  });

  it('catches a second handler, a stray suffix and a handler or reactor out of place', () => {
    const command = (name: string) => `export class ${name} {}\n@CommandHandler(${name})\nexport class ${name}Handler {}\n`;
    expect(layoutProblems('commands/create-app.command.ts', command('CreateApp'))).toEqual([]);
    expect(layoutProblems('commands/create-app.command.unit.spec.ts', '')).toEqual([]);
    expect(layoutProblems('commands/app.commands.ts', command('A'))).toHaveLength(1);
    expect(layoutProblems('commands/command-support.ts', '')).toHaveLength(1);
    expect(layoutProblems('commands/app.command.ts', command('A') + command('B'))).toEqual([
      'commands/app.command.ts: 2 handlers in one file (one use case, one file)',
    ]);
    expect(layoutProblems('queries/apps.queries.ts', '')).toHaveLength(1);
    expect(layoutProblems('queries/apps.query.ts', '@QueryHandler(A)')).toEqual([]);
    expect(
      layoutProblems('reactors/media-files.reactor.ts', "class X implements Reactor<'A'> { readonly kind = 'reactor'; }"),
    ).toEqual([]);
    expect(layoutProblems('reactors/media.ts', '')).toHaveLength(1);
    expect(layoutProblems('live/push.reactor.ts', "const x = { kind: 'reactor', name: 'x' };")).toEqual([
      'live/push.reactor.ts: a reactor lives in reactors/',
    ]);
    expect(layoutProblems('http/apps.controller.ts', command('A'))).toHaveLength(1);
    expect(layoutProblems('domain/app-state.ts', '')).toEqual([]);
    const result = (job: string) => `@StoresJobResult('${job}')\nexport class R {}\n`;
    expect(layoutProblems('jobs/build-app.result.ts', result('creator-apps.build-app'))).toEqual([]);
    expect(layoutProblems('jobs/results.ts', '')).toHaveLength(1);
    expect(layoutProblems('jobs/images.result.ts', result('a') + result('b'))).toEqual([
      'jobs/images.result.ts: 2 job result handlers in one file',
    ]);
    expect(layoutProblems('reactors/job-results.reactor.ts', result('a'))).toEqual([
      "reactors/job-results.reactor.ts: a job's result handler lives in jobs/<job>.result.ts",
    ]);
  });
});
