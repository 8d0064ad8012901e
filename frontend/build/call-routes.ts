import fs from 'node:fs';
import path from 'node:path';
import { runnerImport, type Plugin } from 'vite';

const ID = 'virtual:call-routes';

/**
 * `virtual:call-routes`: the route (method, path, access, style) of every call declared in
 * contracts/src/api, taken from the declarations when the web app is built. The browser makes its calls
 * from this table, so no zod schema is bundled for them; frontend/src/api/routes.ts gives it its types.
 */
export function callRoutes(contractsSrc: string): Plugin {
  const apiDir = path.join(contractsSrc, 'api');
  return {
    name: 'sparkhouse-call-routes',
    resolveId: (id) => (id === ID ? `\0${ID}` : undefined),
    async load(id) {
      if (id !== `\0${ID}`) return undefined;
      for (const file of fs.readdirSync(apiDir)) this.addWatchFile(path.join(apiDir, file));
      const options = { configFile: false as const, logLevel: 'silent' as const };
      const [{ module: api }, { module: routes }] = await Promise.all([
        runnerImport<Record<string, unknown>>(path.join(apiDir, 'index.ts'), options),
        runnerImport<typeof import('../../contracts/src/call-routes')>(path.join(contractsSrc, 'call-routes.ts'), options),
      ]);
      return `export default ${JSON.stringify(routes.routeTable(api))};`;
    },
  };
}
