import { describe, expect, it } from 'vitest';
import { readConfig } from '../../src/server/config.js';
import { preferences, preferredCount } from '../../src/server/http/prefer.js';
import { StartRefused } from '../../src/server/start-refused.js';

describe('the count a request prefers (Prefer, RFC 7240)', () => {
  it('reads count among other preferences, their parameters and quoted values', () => {
    expect(preferredCount('count=estimated')).toBe('estimated');
    expect(preferredCount('return=minimal, count=planned')).toBe('planned');
    expect(preferredCount(['respond-async, wait=10', 'count="exact"; strict'])).toBe('exact');
    expect(preferredCount('handling=lenient; x="a, count=planned", count = estimated')).toBe('estimated');
    expect(preferences('a="q\\"uote,d";p=1, B')).toEqual([
      { name: 'a', value: 'q"uote,d' },
      { name: 'b', value: '' },
    ]);
  });

  it('ignores what it does not understand, and any count after the first', () => {
    for (const header of [undefined, '', 'count', 'count=', 'count=all', 'count=Planned', 'counts=exact', ',,;=']) {
      expect(preferredCount(header), String(header)).toBeUndefined();
    }
    expect(preferredCount('count=planned, count=exact')).toBe('planned');
    expect(preferredCount('count=nonsense, count=exact')).toBeUndefined();
  });
});

describe('COUNT_ESTIMATE_THRESHOLD', () => {
  it('sets the threshold of count=estimated, or leaves the default', () => {
    expect(readConfig({}).countThreshold).toBeUndefined();
    expect(readConfig({ COUNT_ESTIMATE_THRESHOLD: '500' }).countThreshold).toBe(500);
  });

  it('refuses to start on anything but a whole number from 1 to 1,000,000', () => {
    for (const value of ['0', '-5', '1.5', 'many', '1000001']) {
      expect(() => readConfig({ COUNT_ESTIMATE_THRESHOLD: value }), value).toThrow(StartRefused);
    }
  });
});
