import type { ActionOverride } from '../../../server/crud/overrides.js';
import { ApiError } from '../../../server/http/api-error.js';

type ActionInput = Parameters<ActionOverride['run']>[0];

interface VerificationFile {
  path: string;
  content: string;
  contentType: string;
}

const bodyIssue = (path: string, keyword: string, message: string) =>
  new ApiError('guard.invalid_input', { type: 'body' }, { issues: [{ path, keyword, message, params: {} }] });

/** What the schema cannot say of a set of files: each path once, and JSON content that parses. */
const checkFiles = (files: VerificationFile[]) => {
  const seen = new Set<string>();
  files.forEach((file, index) => {
    if (seen.has(file.path)) {
      throw bodyIssue(`/verificationFiles/${index}/path`, 'uniquePath', 'must not repeat the path of another file');
    }
    seen.add(file.path);
    if (file.contentType !== 'application/json') return;
    try {
      JSON.parse(file.content);
    } catch {
      throw bodyIssue(`/verificationFiles/${index}/content`, 'json', 'must be JSON for the application/json type');
    }
  });
};

/** `GET /api/domains/{id}/verification-files` */
export const getVerificationFiles = async ({ context, id, operations }: ActionInput) => {
  const domain = await operations.get(context, id);
  return domain.verificationFiles;
};

/** `PUT /api/domains/{id}/verification-files`: the files replace the domain's, all at once. */
export const replaceVerificationFiles = async ({ context, id, body, operations }: ActionInput) => {
  const files = body.verificationFiles as VerificationFile[];
  checkFiles(files);
  const changed = await operations.changeInternal(context, id, () => ({ verificationFiles: files }));
  if (!changed) throw operations.notFound(id, undefined, 'get');
  return changed.verificationFiles;
};
