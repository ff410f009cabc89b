import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/open.ts';

const config = loadConfig();
const db = await openDatabase(config);
const { app } = await buildApp({ config, db });

const shutdown = async () => {
  await app.close();
  await db.close();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

await app.listen({ port: config.port, host: config.host });
app.log.info(`Tanqin is running at http://localhost:${config.port} (database: ${db.kind})`);
