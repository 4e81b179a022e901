import { describe, expect, it } from 'vitest';
import {
  checkPassword,
  defaultPasswordPolicy,
  type PasswordPolicy,
  passwordPolicyOf,
} from '../../src/entities/user/server/account/password-policy.js';

const policy = (changes: Partial<PasswordPolicy['rejects']> = {}, more: Partial<PasswordPolicy> = {}) =>
  passwordPolicyOf({ ...defaultPasswordPolicy, ...more, rejects: { ...defaultPasswordPolicy.rejects, ...changes } });

const codes = async (password: string, p: PasswordPolicy, userInfo = {}) =>
  (await checkPassword(password, p, { userInfo })).map((issue) => issue.code);

describe('password policy', () => {
  it('fills in the defaults of a partial or unusable stored policy', () => {
    expect(passwordPolicyOf(undefined)).toEqual(defaultPasswordPolicy);
    expect(
      passwordPolicyOf({ length: { min: 12 }, characterTypes: { min: 9 }, rejects: { words: ['acme', 3] } }),
    ).toEqual({
      length: { min: 12, max: 256 },
      characterTypes: { min: 1 },
      rejects: { pwned: true, repetitionAndSequence: true, userInfo: true, words: ['acme'] },
    });
  });

  it('rejects too short and too long passwords, naming the limit', async () => {
    const p = policy({}, { length: { min: 10, max: 12 } });
    expect(await checkPassword('Kx7#pLm', p)).toEqual([
      { code: 'password_rejected.too_short', interpolation: { min: 10 } },
    ]);
    expect(await checkPassword('Kx7#pLm.Wq2@zRt', p)).toEqual([
      { code: 'password_rejected.too_long', interpolation: { max: 12 } },
    ]);
    expect(await codes('Kx7#pLm.Wq2', p)).toEqual([]);
  });

  it('rejects characters outside letters, digits and keyboard symbols, and too few character types', async () => {
    expect(await codes('pässwörter-lang', policy())).toEqual(['password_rejected.unsupported_characters']);
    const p = policy({}, { characterTypes: { min: 3 } });
    expect(await checkPassword('kxpmlwqz', p)).toEqual([
      { code: 'password_rejected.character_types', interpolation: { min: 3 } },
    ]);
    expect(await codes('kxpm7WQZ', p)).toEqual([]);
  });

  it('rejects repetitions and sequences of 3 or more that make up all but 3 characters', async () => {
    expect(await codes('aaaaaaaa', policy())).toEqual(['password_rejected.restricted.repetition']);
    expect(await codes('12345678', policy())).toEqual(['password_rejected.restricted.sequence']);
    expect(await codes('qwertyuiop', policy())).toEqual(['password_rejected.restricted.sequence']);
    expect(await codes('ZYXWvuts', policy())).toEqual(['password_rejected.restricted.sequence']);
    expect(await codes('aaa12345', policy())).toEqual([
      'password_rejected.restricted.repetition',
      'password_rejected.restricted.sequence',
    ]);
    // Three characters outside the runs are tolerated: 'abcdefg' + 'K9#' passes, + 'K9' does not.
    expect(await codes('abcdefgK9#', policy())).toEqual([]);
    expect(await codes('abcdefgK9', policy())).toEqual(['password_rejected.restricted.sequence']);
    expect(await codes('aaaaaaaa', policy({ repetitionAndSequence: false }))).toEqual([]);
  });

  it("rejects passwords made of the user's name, username, email or phone", async () => {
    const user = { name: 'Jane Doe', username: 'jdoe_admin', email: 'jane.doe@example.com', phoneNumber: '16170342' };
    expect(await codes('JaneDoe!', policy(), user)).toEqual(['password_rejected.restricted.user_info']);
    expect(await codes('jdoe_admin1', policy(), user)).toEqual(['password_rejected.restricted.user_info']);
    expect(await codes('jane.doe24', policy(), user)).toEqual(['password_rejected.restricted.user_info']);
    expect(await codes('16170342x', policy(), user)).toEqual(['password_rejected.restricted.user_info']);
    expect(await codes('JaneDoe!', policy({ userInfo: false }), user)).toEqual([]);
    expect(await codes('Jane+Tarzan!7', policy(), user)).toEqual([]);
  });

  it("rejects passwords made of the tenant's words, in any letter case", async () => {
    const p = policy({ words: ['gatehouse', 'acme'] });
    expect(await codes('GateHouse!', p)).toEqual(['password_rejected.restricted.words']);
    expect(await codes('acmeAcme7', p)).toEqual(['password_rejected.restricted.words']);
    expect(await codes('Acme-portal-7', p)).toEqual([]);
  });

  it('asks the breach check only when the policy rejects breached passwords', async () => {
    const asked: string[] = [];
    const breached = async (password: string) => {
      asked.push(password);
      return password === 'Tr0ub4dor&3';
    };
    expect(await checkPassword('Tr0ub4dor&3', policy(), { breached })).toEqual([{ code: 'password_rejected.pwned' }]);
    expect(await checkPassword('Tr0ub4dor&3', policy({ pwned: false }), { breached })).toEqual([]);
    expect(asked).toEqual(['Tr0ub4dor&3']);
  });

  it('checks a password as long as a form allows (work linear in its length)', async () => {
    const long = `${'a'.repeat(30_000)}${'abc'.repeat(10_000)}`;
    const p = policy(
      // A thousand words that all start like the password does, at every position.
      { words: Array.from({ length: 1000 }, (_, i) => `${'a'.repeat(1 + (i % 40))}${i}`) },
      { length: { min: 8, max: 100_000 } },
    );
    expect(await codes(long, p, { name: 'a a a a', username: 'aaaa' })).toEqual([
      'password_rejected.restricted.repetition',
      'password_rejected.restricted.user_info',
      'password_rejected.restricted.sequence',
    ]);
  });
});
