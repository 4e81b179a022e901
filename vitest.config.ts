import { defineConfig } from 'vitest/config';

/**
 * Three projects: `unit` (codegen, schema rules, console pieces), `api` (the server in-process on PGlite, and on
 * PostgreSQL too when DATABASE_URL is set) and `e2e` (Chromium against the built console).
 */
/** Unit files that replace a module for their own run (`vi.mock`). */
const mockingUnitFiles = [
  'tests/unit/console/qa-gallery.test.tsx',
  'tests/unit/console/top-bar.test.tsx',
  'tests/unit/console/tenant-gate.test.tsx',
];

const unit = {
  sequence: { groupOrder: 0 },
  include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
  environment: 'node',
  // The console's pieces render outside the pages that load their entities' models: every model first.
  setupFiles: ['tests/unit/console/load-models.ts'],
  // Embedded databases to start from instead of running initdb (and migrating) in each test.
  globalSetup: ['tests/pglite-templates.ts'],
  // Codegen runs take a few seconds each (OpenAPI types, compiled validators, an embedded database).
  testTimeout: 60_000,
  // Both cores: left to itself, the layer ran one file at a time on a two-core machine.
  maxWorkers: 2,
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...unit,
          name: 'unit',
          exclude: mockingUnitFiles,
          // The files of a worker share its loaded modules: importing antd, Refine and the models again for every
          // console file took a third of the layer's time. Files render into their own roots and clean up.
          isolate: false,
        },
      },
      {
        // The files that replace a module (`vi.mock`) run apart, each with modules of its own.
        test: { ...unit, name: 'unit-mocks', include: mockingUnitFiles },
      },
      {
        test: {
          name: 'api',
          sequence: { groupOrder: 1 },
          include: ['tests/api/**/*.test.ts'],
          // Migrates one PGlite and one Postgres database for the whole run; each file starts from a copy.
          globalSetup: ['tests/pglite-templates.ts', 'tests/api/database-templates.ts'],
          environment: 'node',
          testTimeout: 30_000,
          // Some files compile test-only entities with codegen and migrate a database before their tests.
          hookTimeout: 120_000,
          // Each file opens its own databases; on one machine two at a time is plenty.
          maxWorkers: 2,
          // The files of a worker share its loaded modules: importing the server again for every file took about a
          // third of the layer's time. Files build their own app and database, and a file that mocks a module
          // undoes it when it ends.
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          sequence: { groupOrder: 2 },
          include: ['tests/e2e/**/*.e2e.test.ts'],
          environment: 'node',
          // Every server starts on a copy of one migrated data directory instead of running initdb and migrating.
          globalSetup: ['tests/pglite-templates.ts'],
          testTimeout: 180_000,
          hookTimeout: 240_000,
          // Two files at a time: each starts its own server (free port, temporary data directory) and Chromium
          // (temporary profile), and names its screenshots apart. Vitest starts the files that took longest on the
          // last run first.
          maxWorkers: 2,
        },
      },
    ],
  },
});
