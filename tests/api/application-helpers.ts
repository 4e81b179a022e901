import type { TestApi } from './harness.js';

/** An application of `type`, named for its type unless told otherwise. */
export const newApp = (api: TestApi, type: string, name = `${type} app`) =>
  api.create('/api/applications', { name, type });

/** A role, machine-to-machine unless told otherwise. */
export const newRole = (api: TestApi, name: string, type: 'User' | 'MachineToMachine' = 'MachineToMachine') =>
  api.create('/api/roles', { name, description: `${name} role`, type });
