import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { consoleLiteralKeys, missingConsoleKeys } from '../../codegen/console-keys.js';
import { generate } from '../../codegen/generate.js';
import { readLocale } from '../../codegen/locales.js';
import { copyProject, removeProjects, repo } from './codegen-project.js';

afterEach(removeProjects);

/** A copy of the project with one hand-written console file. */
const withConsoleFile = (code: string) => {
  const root = copyProject();
  mkdirSync(join(root, 'src/console/features/demo'), { recursive: true });
  writeFileSync(join(root, 'src/console/features/demo/Demo.tsx'), code);
  return root;
};

describe('the texts hand-written console code names', () => {
  it('all exist in English', () => {
    const keys = consoleLiteralKeys(repo);
    expect(keys.length).toBeGreaterThan(200);
    expect(keys.map(({ key }) => key)).toEqual(
      expect.arrayContaining(['actions.cancel', 'sidebar.get_started', 'dashboard.total', 'users.mfa.type.']),
    );
    expect(missingConsoleKeys(keys, readLocale(repo, 'en').keys())).toEqual([]);
  });

  it('fail codegen when one is mistyped, naming the file, the line and the key', async () => {
    const root = withConsoleFile(
      [
        "export const Demo = ({ t }) => <p title={t('actions.cancel')}>{t('actions.cancle')}</p>;",
        "export const more = { titleKey: 'sidebar.dashbaord' };",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: console source as text
        'export const Label = ({ t, kind }) => t(`users.mfa.kinds.${kind}`);',
        "const storageKey = 'gatehouse.demo';",
      ].join('\n'),
    );
    await expect(generate({ root })).rejects.toThrow(
      [
        'Console code names English texts that do not exist:',
        '  src/console/features/demo/Demo.tsx:1: actions.cancle',
        '  src/console/features/demo/Demo.tsx:2: sidebar.dashbaord',
        '  src/console/features/demo/Demo.tsx:3: users.mfa.kinds.…',
      ].join('\n'),
    );
  });

  it('pass codegen when they exist', async () => {
    const root = withConsoleFile(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: console source as text
      "export const Demo = ({ t, type }) => <p title={t('actions.cancel')}>{t(`users.mfa.type.${type}`)}</p>;",
    );
    await expect(generate({ root })).resolves.toBeDefined();
  });
});
