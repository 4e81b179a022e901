import type { ActionOverride, ServerOverride } from '../../../server/crud/overrides.js';
import { ApiError } from '../../../server/http/api-error.js';
import { ALLOWED_MIME_TYPES, MAX_UPLOAD_BYTES } from '../../../server/user-assets/storage.js';
import { uploadedFile } from '../../../server/user-assets/uploaded-file.js';

type Run = Parameters<ActionOverride['run']>[0];

/** `GET /api/user-assets/service-status`: ready with Logto's limits where uploads have a place, else not configured. */
export const assetStatus = async ({ request }: Run) =>
  request.server.userAssets
    ? { status: 'ready', allowUploadMimeTypes: ALLOWED_MIME_TYPES, maxUploadFileSize: MAX_UPLOAD_BYTES }
    : { status: 'not_configured' };

/**
 * `POST /api/user-assets`: the multipart body's one file, an image of at most 8 MiB, stored under the tenant; its
 * public URL. Logto's 400s: no file (`guard.invalid_input`), too large, a type not taken, no storage.
 */
export const uploadAsset = async ({ request, context }: Run) => {
  const file = await uploadedFile(request, ALLOWED_MIME_TYPES, MAX_UPLOAD_BYTES);
  const storage = request.server.userAssets;
  if (!storage) throw new ApiError('storage.not_configured');
  const key = await storage.save(context.tenantId, file.filename, file.mimetype, file.data);
  return { url: `${context.origin ?? `${request.protocol}://${request.host}`}/user-assets/${key}` };
};

export const userAssetOverrides = {
  'userAsset.status': { kind: 'action', run: assetStatus },
  'userAsset.upload': { kind: 'action', run: uploadAsset },
} satisfies Record<string, ServerOverride>;
