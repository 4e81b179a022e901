import type { Fixture } from './fixtures.js';

/** One validation error as the API reports it (`data.issues[]`) and the console's validator yields it. */
export interface FixtureIssue {
  path: string;
  keyword: string;
  message?: string;
}

const describe = (issue: FixtureIssue) =>
  `${issue.path || '/'} (${issue.keyword})${issue.message ? ` "${issue.message}"` : ''}`;

const described = (issues: readonly FixtureIssue[]) =>
  issues.length === 0 ? 'no errors' : issues.map(describe).join(', ');

/**
 * Whether the errors a body met (`issues`) are what its fixture expects: none for a valid fixture; for an invalid
 * one, an error at the expected path with the expected keyword (and the expected English text, when the fixture
 * names one). Undefined when they match; otherwise a sentence naming the fixture's file, what it expects and what
 * came instead.
 */
export const fixtureMismatch = (fixture: Fixture, issues: readonly FixtureIssue[]): string | undefined => {
  const { expect } = fixture;
  if (!expect) {
    return issues.length === 0 ? undefined : `${fixture.file}: expected no errors, got ${described(issues)}`;
  }
  const expected = { ...expect, ...(fixture.message === undefined ? {} : { message: fixture.message }) };
  const found = issues.some(
    (issue) =>
      issue.path === expected.path &&
      issue.keyword === expected.keyword &&
      (expected.message === undefined || issue.message === expected.message),
  );
  return found ? undefined : `${fixture.file}: expected an error at ${describe(expected)}, got ${described(issues)}`;
};

/** Throws the mismatch of `fixtureMismatch` as an error, for tests. */
export const assertFixture = (fixture: Fixture, issues: readonly FixtureIssue[]): void => {
  const mismatch = fixtureMismatch(fixture, issues);
  if (mismatch) throw new Error(mismatch);
};
