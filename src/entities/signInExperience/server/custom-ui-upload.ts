import type { ActionOverride } from '../../../server/crud/overrides.js';
import { ApiError } from '../../../server/http/api-error.js';
import { customUiFiles, MAX_CUSTOM_UI_ZIP_BYTES } from '../../../server/user-assets/custom-ui.js';
import { uploadedFile } from '../../../server/user-assets/uploaded-file.js';

type Run = Parameters<ActionOverride['run']>[0];

const ZIP_TYPES = ['application/zip', 'application/x-zip-compressed'];

/**
 * `POST /api/sign-in-exp/default/custom-ui-assets`: the multipart body's one file, a zip of the tenant's own
 * sign-in pages (at most 20 MiB, with an `index.html`), unpacked and kept under a new id, which the answer names
 * (`customUiAssetId`); the pages are served once the sign-in experience's `customUiAssets` names it. Logto's 400s:
 * no file, too large, not a zip, no storage.
 */
export const uploadCustomUi = async ({ request, context }: Run) => {
  const { data } = await uploadedFile(request, ZIP_TYPES, MAX_CUSTOM_UI_ZIP_BYTES);
  const storage = request.server.customUi;
  if (!storage) throw new ApiError('storage.not_configured');
  return { customUiAssetId: await storage.save(context.tenantId, customUiFiles(data)) };
};
