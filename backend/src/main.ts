import 'reflect-metadata';
import { loadConfig } from './platform/config/config';
import { createApiApp } from './apps/api';
import { Logger } from 'nestjs-pino';

async function main() {
  const config = loadConfig();
  const app = await createApiApp(config);
  await app.listen(config.PORT, config.HOST);
  app.get(Logger).log(`API listening on ${config.PUBLIC_URL} (port ${config.PORT})`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
