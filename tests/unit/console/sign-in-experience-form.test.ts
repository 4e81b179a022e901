import { describe, expect, it } from 'vitest';
import {
  changedFields,
  editableSettings,
  isDirty,
  setPath,
} from '../../../src/console/features/sign-in-experience/form-state';
import { previewRequest } from '../../../src/console/features/sign-in-experience/preview-request';
import { signUpChanges } from '../../../src/console/features/sign-in-experience/sign-up-diff';

const usernamePassword = { identifier: 'username', password: true, verificationCode: false, isPasswordPrimary: true };
const saved = {
  signUp: { identifiers: ['username'], password: true, verify: false },
  signIn: { methods: [usernamePassword] },
};

describe('sign-up and sign-in changes a save would make', () => {
  it('are none when only branding changes', () => {
    expect(signUpChanges(saved as never, { ...saved, color: { primaryColor: '#123456' } } as never)).toEqual([]);
  });

  it('name an identifier added to sign-up, with verification turned on', () => {
    const after = { ...saved, signUp: { identifiers: ['username', 'email'], password: true, verify: true } };
    expect(signUpChanges(saved as never, after as never)).toEqual([
      { key: 'identifier_added', identifier: 'email' },
      { key: 'verify_required' },
    ]);
  });

  it('name a removed identifier, the password no longer asked, and sign-in methods added, changed or removed', () => {
    const emailCode = { identifier: 'email', password: false, verificationCode: true, isPasswordPrimary: false };
    const before = {
      signUp: { identifiers: ['username', 'email'], password: true, verify: true },
      signIn: { methods: [usernamePassword, emailCode] },
    };
    const after = {
      signUp: { identifiers: ['email'], password: false, verify: true },
      signIn: {
        methods: [
          { ...emailCode, password: true },
          { identifier: 'phone', password: false, verificationCode: true, isPasswordPrimary: false },
        ],
      },
    };
    expect(signUpChanges(before as never, after as never)).toEqual([
      { key: 'identifier_removed', identifier: 'username' },
      { key: 'password_not_required' },
      { key: 'method_changed', identifier: 'email' },
      { key: 'method_added', identifier: 'phone' },
      { key: 'method_removed', identifier: 'username' },
    ]);
  });
});

describe('dirty tracking of the sign-in experience form', () => {
  const record = { id: 'default', tenantId: 't', color: { primaryColor: '#6139F6', isDarkModeEnabled: false } };
  const settings = editableSettings(record, ['id', 'tenantId']);

  it('edits a copy: a nested change leaves the saved settings untouched and marks only its root field', () => {
    const edited = setPath(settings, 'color.primaryColor', '#FF0000');
    expect(settings).toEqual({ color: { primaryColor: '#6139F6', isDarkModeEnabled: false } });
    expect(changedFields(edited, settings)).toEqual(['color']);
    expect(isDirty(edited, settings)).toBe(true);
  });

  it('is clean again when the value is typed back, and counts a new field as a change', () => {
    const back = setPath(setPath(settings, 'color.primaryColor', '#FF0000'), 'color.primaryColor', '#6139F6');
    expect(isDirty(back, settings)).toBe(false);
    expect(changedFields(setPath(settings, 'customCss', 'a{}'), settings)).toEqual(['customCss']);
  });

  it('asks the preview for the unsaved changes only, with the page, mode and language shown', () => {
    expect(previewRequest({ color: { primaryColor: '#FF0000' } }, { page: 'register', mode: 'dark' })).toEqual({
      url: '/sign-in-exp/preview',
      method: 'post',
      payload: { signInExperience: { color: { primaryColor: '#FF0000' } }, page: 'register', mode: 'dark' },
    });
  });
});
