import { afterEach, describe, expect, it } from 'vitest';
import { generate } from '../../codegen/generate.js';
import { recordRuleIssues } from '../../src/shared/record-rules.js';
import { branch, senderRoot as makeSenderRoot } from '../shapes/chosen-root.js';
import { generateShapes, type ShapeRoot } from '../shapes/polymorphic/root.js';

/**
 * A field whose shape a sibling field chooses (Logto's `connectorId` beside `config`): a test-only "sender" whose
 * `settings` follow the branch its `protocol` names, each branch a file with its `x-choice` and `x-meta`.
 */
const roots: ShapeRoot[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) root.remove();
});
const senderRoot = (changes?: Parameters<typeof makeSenderRoot>[0]) => {
  const root = makeSenderRoot(changes);
  roots.push(root);
  return root;
};

const refusal = async (root: ShapeRoot) => {
  try {
    await generate({ root: root.root });
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('codegen accepted the schemas');
};

describe('fields chosen by a sibling', () => {
  it('keep their branches as files, checked by record rules with the chooser of the record', async () => {
    const { models, validators, openapi } = await generateShapes(senderRoot().root);
    const model = models.find((candidate) => candidate.name === 'sender');
    const settings = model?.discriminated?.settings;
    expect(settings?.propertyName).toBe('protocol');
    expect(settings?.chosenBy).toBe(true);
    expect(Object.keys(settings?.branches ?? {})).toEqual(['sms', 'smtp']);
    expect(settings?.branches.smtp?.meta).toEqual({ type: 'Email', label: 'SMTP sender' });
    // The body carries the value as an object; the rules decide its shape from the sibling.
    expect(model?.requestBodies.create?.schema.properties?.settings).toMatchObject({ type: 'object' });
    expect(model?.requestBodies.create?.schema.properties?.settings?.oneOf).toBeUndefined();

    const rules = validators[model?.recordRules?.validatorKey ?? ''];
    if (!rules) throw new Error('no record rules');
    expect(recordRuleIssues(rules, { protocol: 'smtp', settings: { host: 'mail', port: 25 } })).toEqual([]);
    expect(recordRuleIssues(rules, { protocol: 'sms', settings: { url: 'https://sms' } })).toEqual([]);
    const wrong = recordRuleIssues(rules, { protocol: 'smtp', settings: { url: 'https://sms' } });
    expect(wrong.map((issue) => [issue.path, issue.keyword])).toEqual(
      expect.arrayContaining([
        ['/settings/host', 'required'],
        ['/settings/url', 'additionalProperties'],
      ]),
    );
    // An update is checked against the stored chooser: the record is the stored row with the patch applied.
    const stored = { protocol: 'sms', settings: { url: 'https://sms' } };
    const sent = { settings: { host: 'mail', port: 25 } };
    expect(recordRuleIssues(rules, { ...stored, ...sent }, { stored, sent }).map((issue) => issue.path)).toContain(
      '/settings/url',
    );

    // OpenAPI: a component per branch, the field any of them, the rules pointing at them.
    expect(openapi.components.schemas.SenderSettingsSmtp).toMatchObject({ title: 'SMTP', required: ['host', 'port'] });
    expect(openapi.components.schemas.Sender.properties.settings.anyOf).toEqual([
      { $ref: '#/components/schemas/SenderSettingsSms' },
      { $ref: '#/components/schemas/SenderSettingsSmtp' },
    ]);
    expect(JSON.stringify(openapi.components.schemas.Sender.allOf)).toContain(
      '#/components/schemas/SenderSettingsSmtp',
    );
    // The derived field reads the chosen branch's x-meta.
    expect(model?.schema.properties?.label?.['x-derived']).toEqual({ choiceMeta: 'settings' });
  });

  it('gain a branch when a file is added', async () => {
    const root = senderRoot();
    root.write(
      'src/entities/sender/providers/push.schema.json',
      branch('push', 'Push', { topic: { type: 'string' } }, ['topic']),
    );
    const { models } = await generateShapes(root.root);
    const settings = models.find((candidate) => candidate.name === 'sender')?.discriminated?.settings;
    expect(Object.keys(settings?.branches ?? {})).toEqual(['push', 'sms', 'smtp']);
  });

  it('are refused with what to write when the choice is unclear', async () => {
    const noChooser = senderRoot({
      settings: { title: 'Settings', 'x-chosen-by': 'missing', 'x-branches': 'providers' },
    });
    expect(await refusal(noChooser)).toMatch(/x-chosen-by: name a string field of the entity/);

    const twice = senderRoot();
    twice.write(
      'src/entities/sender/providers/zz.schema.json',
      branch('sms', 'Other SMS', { url: { type: 'string' } }, []),
    );
    expect(await refusal(twice)).toMatch(/"x-choice" sms is also branch/);

    const unnamed = senderRoot();
    const { 'x-choice': _choice, ...withoutChoice } = branch('sms', 'SMS', { url: { type: 'string' } }, []);
    unnamed.write('src/entities/sender/providers/sms.schema.json', withoutChoice);
    expect(await refusal(unnamed)).toMatch(/names the chooser's value that selects it in "x-choice"/);

    const extra = senderRoot({
      settings: { title: 'S', 'x-chosen-by': 'protocol', 'x-branches': 'providers', default: {} },
    });
    // A default is `{}` only, and only where no branch requires a property (these do).
    expect(await refusal(extra)).toMatch(/default: only \{\} and only where no branch requires a property/);
    const filled = senderRoot({
      settings: { title: 'S', 'x-chosen-by': 'protocol', 'x-branches': 'providers', default: { host: 'x' } },
    });
    expect(await refusal(filled)).toMatch(/default: only \{\} and only where no branch requires a property/);

    const derived = senderRoot({ label: { type: 'string', readOnly: true, 'x-derived': { choiceMeta: 'protocol' } } });
    expect(await refusal(derived)).toMatch(/choiceMeta of label names protocol, which no sibling chooses/);
  });
});
