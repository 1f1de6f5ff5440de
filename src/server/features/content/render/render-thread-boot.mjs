// The renderer's thread starts here: production React, and TypeScript through tsx as in the main
// thread (a worker does not inherit the main thread's loader).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

process.env.NODE_ENV = 'production';
register();
await import(workerData.entry);
