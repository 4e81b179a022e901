import type { ActionOverride } from '../../../server/crud/overrides.js';
import { ApiError } from '../../../server/http/api-error.js';
import { customUiFiles, MAX_CUSTOM_UI_ZIP_BYTES } from '../../../server/user-assets/custom-ui.js';

type Run = Parameters<ActionOverride['run']>[0];

const ZIP_TYPES = ['application/zip', 'application/x-zip-compressed'];

/**
 * `POST /api/sign-in-exp/default/custom-ui-assets`: the multipart body's one file, a zip of the tenant's own
 * sign-in pages (at most 20 MiB, with an `index.html`), unpacked and kept under a new id, which the answer names
 * (`customUiAssetId`); the pages are served once the sign-in experience's `customUiAssets` names it. Logto's 400s:
 * no file, too large, not a zip, no storage.
 */
export const uploadCustomUi = async ({ request, context }: Run) => {
  if (!request.isMultipart()) throw new ApiError('guard.invalid_input', { type: 'body' });
  const file = await request.file({ limits: { fileSize: MAX_CUSTOM_UI_ZIP_BYTES, files: 1, fields: 0 } });
  if (file?.fieldname !== 'file') throw new ApiError('guard.invalid_input', { type: 'body' });
  if (!ZIP_TYPES.includes(file.mimetype)) {
    file.file.resume();
    throw new ApiError('guard.mime_type_not_allowed');
  }
  const data = await file.toBuffer().catch((error: unknown) => {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError('guard.file_size_exceeded');
    throw error;
  });
  // The library's size check can miss a cut that comes after the last chunk it read: the stream says it was cut.
  if (file.file.truncated) throw new ApiError('guard.file_size_exceeded');
  const storage = request.server.customUi;
  if (!storage) throw new ApiError('storage.not_configured');
  return { customUiAssetId: await storage.save(context.tenantId, customUiFiles(data)) };
};
