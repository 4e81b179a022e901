import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listViewsOf } from '../../codegen/list-views.js';
import type { LoadedEntity } from '../../codegen/load.js';
import { entityModels } from '../../src/generated/entities.js';

const repo = join(import.meta.dirname, '../..');
const readJson = (file: string) => JSON.parse(readFileSync(join(repo, file), 'utf8'));

/** The applications entity, its views edited. */
type View = { key: string; filters: Record<string, string>; createValues?: object };
const application = (edit: (views: View[]) => void) => {
  const descriptor = readJson('src/entities/application/resource.json');
  edit(descriptor.console.list.views);
  return {
    descriptor,
    schema: readJson('src/entities/application/schema.json'),
    descriptorFile: 'src/entities/application/resource.json',
  } as LoadedEntity;
};

describe('list views', () => {
  it("gives the applications list its first-party and third-party tabs, the second's create marking a third party", () => {
    const model = entityModels.find((m) => m.name === 'application');
    expect(model?.hasConsole && model.list.views?.map(({ key, filters }) => ({ key, filters }))).toEqual([
      { key: 'applications', filters: { isThirdParty: 'false' } },
      { key: 'third-party-applications', filters: { isThirdParty: 'true' } },
    ]);
    expect(model?.hasConsole && model.list.views?.[1]?.createValues).toEqual({ isThirdParty: true });
  });

  it('refuses a view whose key is taken, whose filter is not a list filter or has no such value, or whose create values the create body does not take', () => {
    expect(listViewsOf(application(() => undefined))).toHaveLength(2);
    const refused = [
      (views: View[]) => {
        if (views[1]) views[1].key = 'applications';
      },
      (views: View[]) => {
        if (views[1]) views[1].key = 'create';
      },
      (views: View[]) => {
        if (views[1]) views[1].filters = { name: 'x' };
      },
      (views: View[]) => {
        if (views[1]) views[1].filters = { isThirdParty: 'yes' };
      },
      (views: View[]) => {
        if (views[1]) views[1].createValues = { secret: 'x' };
      },
    ];
    for (const edit of refused) expect(() => listViewsOf(application(edit))).toThrow(/console\.list\.views/);
  });
});
