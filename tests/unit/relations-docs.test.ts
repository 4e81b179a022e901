import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = join(import.meta.dirname, '../..');
const guide = readFileSync(join(repo, 'docs/guide/relations.md'), 'utf8');

/** The guide's examples: code blocks whose first line names a file (`// resources/x.resource.json`). */
const examples = [...guide.matchAll(/```jsonc\n\/\/ (\S+)(?: → (\S+))?\n([\s\S]*?)```/g)].map(
  ([, file, part, body]) => ({
    file: file ?? '',
    part,
    body: body ?? '',
  }),
);

describe('the relations guide', () => {
  it('shows its example files as they are', () => {
    const whole = examples.filter((example) => !example.part);
    expect(whole.map((example) => example.file)).toEqual([
      'tests/shapes/relations/schemas/team-member.schema.json',
      'tests/shapes/relations/resources/teamMember.resource.json',
      'tests/shapes/relations/resources/teamMemberRole.resource.json',
      'resources/roleScope.resource.json',
      'resources/applicationRole.resource.json',
      'resources/userRole.resource.json',
    ]);
    for (const example of whole) {
      expect(JSON.parse(example.body), example.file).toEqual(
        JSON.parse(readFileSync(join(repo, example.file), 'utf8')),
      );
    }
  });

  it('quotes the role list’s summaries and exclusions from the role descriptor', () => {
    const [excerpt] = examples.filter((example) => example.part === 'api.operations.list');
    const list = JSON.parse(readFileSync(join(repo, 'resources/role.resource.json'), 'utf8')).api.operations.list;
    const quoted = JSON.parse(`{${excerpt?.body ?? ''}}`);
    expect(list.summaries).toEqual(expect.arrayContaining(quoted.summaries));
    expect(list.exclude).toEqual(expect.arrayContaining(quoted.exclude));
  });
});
