import { afterAll, describe, expect, it, vi } from 'vitest';
import { generate } from '../../codegen/generate.js';
import { applyPatch, copyProject, generatedValue, migrationsOf, removeProjects } from '../unit/codegen-project.js';

const mocked = [
  '../../src/generated/entities.js',
  '../../src/generated/error-codes.js',
  '../../src/generated/migrations/index.js',
] as const;

afterAll(() => {
  // Files that run after this one in the same worker import the real generated modules again.
  for (const path of mocked) vi.doUnmock(path);
  vi.resetModules();
  removeProjects();
});

const hook = { name: 'Ledger sync', events: ['PostSignIn'], config: { url: 'http://127.0.0.1:9/ledger' } };

describe('an error code named only in a descriptor', () => {
  it('answers a unique violation with that code and its status, with no other edit', async () => {
    // The guide's example: a new unique rule on webhook names with the code hook.name_in_use, which
    // src/shared/error-codes.ts does not list. The server runs on what codegen generated from it.
    const root = copyProject();
    applyPatch(root, 'docs/guide/examples/new-error-code.patch.json');
    const { files } = await generate({ root, migrationName: 'unique hook names' });
    vi.resetModules();
    vi.doMock(mocked[0], () => ({
      entityModels: generatedValue(files, 'src/generated/entities.ts'),
    }));
    vi.doMock(mocked[1], () => ({
      generatedErrorCodes: generatedValue(files, 'src/generated/error-codes.ts'),
    }));
    vi.doMock(mocked[2], () => ({ migrations: migrationsOf(files) }));
    const { handWrittenErrorCodes } = await import('../../src/shared/hand-written-error-codes.js');
    expect(handWrittenErrorCodes).not.toHaveProperty(['hook.name_in_use']);

    const { databases, TestApi } = await import('./harness.js');
    for (const target of databases()) {
      const api = new TestApi(target);
      await api.start();
      try {
        await api.create('/api/hooks', hook);
        const again = await api.post('/api/hooks', hook);
        expect({ status: again.status, body: again.body }, target.name).toEqual({
          status: 422,
          body: {
            code: 'hook.name_in_use',
            message: 'The hook name Ledger sync is already in use.',
            data: { field: 'name' },
          },
        });
      } finally {
        await api.stop();
      }
    }
    // Generating a copy of the project and migrating two databases from scratch takes longer than one request.
  }, 90_000);
});
