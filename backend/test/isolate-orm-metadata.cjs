// Jest runs several test files in one process. MikroORM keeps decorator metadata in a store on
// globalThis that outlives a file's module registry; a later file would then discover entities with
// metadata built in an earlier file's realm. Each file starts from an empty store.
for (const key of Object.keys(globalThis)) {
  if (key.startsWith('mikro-orm-')) delete globalThis[key];
}
