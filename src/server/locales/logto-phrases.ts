import { readFileSync } from 'node:fs';

type Tree = { [key: string]: string | Tree };

let keys: ReadonlySet<string> | undefined;
/**
 * The phrase keys of Logto's sign-in experience (`input.username`, `action.sign_in`, ...), read from
 * `logto-phrase-keys.json` on first use: a tenant's custom phrases may use them as Logto's do.
 */
export const isLogtoPhraseKey = (key: string): boolean => {
  keys ??= new Set(JSON.parse(readFileSync(new URL('./logto-phrase-keys.json', import.meta.url), 'utf8')) as string[]);
  return keys.has(key);
};

/**
 * Where the sign-in pages show the text of a Logto phrase key: each of the pages' own keys it stands for. A key of
 * Logto's that no page here shows is accepted and kept, and shows nowhere.
 */
const pagesOf: Record<string, string[]> = {
  'input.username': ['register.username', 'identifier.username'],
  'input.password': ['sign_in.password', 'register.password'],
  'input.email': ['identifier.email', 'forgot_password.email'],
  'input.phone_number': ['identifier.phone', 'register.phone'],
  'input.confirm_password': ['register.password_confirm'],
  'input.code': ['forgot_password.code'],
  'action.sign_in': ['sign_in.submit', 'register.sign_in'],
  'action.create_account': ['sign_in.create_account', 'register.submit'],
  'action.continue': ['forgot_password.code_submit'],
  'action.forgot_password': ['sign_in.forgot_password'],
  'action.authorize': ['consent.allow'],
  'action.cancel': ['consent.deny'],
  'description.sign_in_to_your_account': ['sign_in.title'],
  'description.create_your_account': ['register.title'],
  'description.no_account': ['sign_in.no_account'],
  'description.have_account': ['register.have_account'],
  'description.reset_password': ['forgot_password.title'],
  'description.back_to_sign_in': ['forgot_password.back', 'locked.back'],
  'description.agree_with_terms': ['terms.agree'],
  'description.terms_of_use': ['terms.terms_of_use'],
  'description.privacy_policy': ['terms.privacy_policy'],
  'description.and': ['terms.and'],
};

const textAt = (tree: Tree, path: string): string | undefined => {
  let node: string | Tree | undefined = tree;
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
};

const setText = (tree: Tree, path: string, text: string) => {
  const parts = path.split('.');
  let node = tree;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    node[part] = typeof next === 'object' ? { ...next } : {};
    node = node[part] as Tree;
  }
  node[parts[parts.length - 1] as string] = text;
};

/**
 * A tenant's custom phrases as the pages read them: the texts under Logto's keys also under the pages' own keys
 * they stand for (`action.sign_in` is the sign-in button), unless the phrases name that own key themselves.
 */
export const withLogtoPhrases = (texts: Tree): Tree => {
  const result: Tree = { ...texts };
  for (const [logtoKey, pageKeys] of Object.entries(pagesOf)) {
    const text = textAt(texts, logtoKey);
    if (text === undefined) continue;
    for (const pageKey of pageKeys) if (textAt(texts, pageKey) === undefined) setText(result, pageKey, text);
  }
  return result;
};
