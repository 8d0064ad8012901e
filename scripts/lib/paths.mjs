import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const dataDir = path.join(root, '.data');
export const backendMain = path.join(root, 'backend/dist/main.js');
export const workerMain = path.join(root, 'workers/dist/main.js');
export const backendDist = path.join(root, 'backend/dist');
export const frontendDist = path.join(root, 'frontend/dist');
