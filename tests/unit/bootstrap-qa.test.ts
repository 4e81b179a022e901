import { describe, expect, it } from 'vitest';
import { readBootstrapSettings } from '../../src/server/bootstrap/settings.js';

describe('GATEHOUSE_BOOTSTRAP_QA', () => {
  it('gives the console administrators the QA scope only when set to true, and refuses other values', () => {
    expect(readBootstrapSettings({ GATEHOUSE_BOOTSTRAP_QA: 'true' }).qa).toBe(true);
    expect(readBootstrapSettings({ GATEHOUSE_BOOTSTRAP_QA: 'false' }).qa).toBeUndefined();
    expect(readBootstrapSettings({}).qa).toBeUndefined();
    expect(() => readBootstrapSettings({ GATEHOUSE_BOOTSTRAP_QA: 'yes' })).toThrow(
      'GATEHOUSE_BOOTSTRAP_QA must be true or false.',
    );
  });
});
