/** The server process (`npm start`, `npm run dev`): see run-server.ts. */
import { runServer } from '#server/run-server';

await runServer(process.env);
