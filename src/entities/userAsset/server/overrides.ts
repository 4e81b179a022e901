import type { ActionOverride, ServerOverride } from '../../../server/crud/overrides.js';
import { ApiError } from '../../../server/http/api-error.js';
import { ALLOWED_MIME_TYPES, MAX_UPLOAD_BYTES } from '../../../server/user-assets/storage.js';

type Run = Parameters<ActionOverride['run']>[0];

/** `GET /api/user-assets/service-status`: ready with Logto's limits where uploads have a place, else not configured. */
const status = async ({ request }: Run) =>
  request.server.userAssets
    ? { status: 'ready', allowUploadMimeTypes: ALLOWED_MIME_TYPES, maxUploadFileSize: MAX_UPLOAD_BYTES }
    : { status: 'not_configured' };

/**
 * `POST /api/user-assets`: the multipart body's one file, an image of at most 8 MiB, stored under the tenant; its
 * public URL. Logto's 400s: no file (`guard.invalid_input`), too large, a type not taken, no storage.
 */
const upload = async ({ request, context }: Run) => {
  if (!request.isMultipart()) throw new ApiError('guard.invalid_input', { type: 'body' });
  const file = await request.file();
  if (file?.fieldname !== 'file') throw new ApiError('guard.invalid_input', { type: 'body' });
  if (!(ALLOWED_MIME_TYPES as readonly string[]).includes(file.mimetype)) {
    file.file.resume();
    throw new ApiError('guard.mime_type_not_allowed');
  }
  const data = await file.toBuffer().catch((error: unknown) => {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError('guard.file_size_exceeded');
    throw error;
  });
  // The library's size check can miss a cut that comes after the last chunk it read: the stream says it was cut.
  if (file.file.truncated) throw new ApiError('guard.file_size_exceeded');
  const storage = request.server.userAssets;
  if (!storage) throw new ApiError('storage.not_configured');
  const key = await storage.save(context.tenantId, file.filename, file.mimetype, data);
  return { url: `${context.origin ?? `${request.protocol}://${request.host}`}/user-assets/${key}` };
};

export const userAssetOverrides = {
  'userAsset.status': { kind: 'action', run: status },
  'userAsset.upload': { kind: 'action', run: upload },
} satisfies Record<string, ServerOverride>;
