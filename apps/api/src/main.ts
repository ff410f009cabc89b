import { runServer } from './server.ts';

await runServer();
