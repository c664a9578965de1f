// Starts the built app for the end-to-end run on a fresh embedded database, exactly as `npm start` does.
import { rmSync } from 'node:fs';

rmSync(process.env.DATA_DIR, { recursive: true, force: true });
await import('../apps/api/dist/server.js');
