import { loadAllModels } from '../../../src/console/models/store';

// Every entity model is loaded before a file runs (see the unit project in vitest.config.ts).
await loadAllModels();
