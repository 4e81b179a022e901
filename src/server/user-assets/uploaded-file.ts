import type { FastifyRequest } from 'fastify';
import { ApiError } from '../http/api-error.js';

/**
 * The one file of a multipart upload (field `file`), read whole, as Logto's upload routes take it: 400
 * `guard.invalid_input` without one, `guard.mime_type_not_allowed` for a type not in `types`,
 * `guard.file_size_exceeded` over `maxBytes`.
 */
export const uploadedFile = async (request: FastifyRequest, types: readonly string[], maxBytes: number) => {
  if (!request.isMultipart()) throw new ApiError('guard.invalid_input', { type: 'body' });
  const file = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 0 } });
  if (file?.fieldname !== 'file') throw new ApiError('guard.invalid_input', { type: 'body' });
  if (!types.includes(file.mimetype)) {
    file.file.resume();
    throw new ApiError('guard.mime_type_not_allowed');
  }
  const data = await file.toBuffer().catch((error: unknown) => {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError('guard.file_size_exceeded');
    throw error;
  });
  // The library's size check can miss a cut that comes after the last chunk it read: the stream says it was cut.
  if (file.file.truncated) throw new ApiError('guard.file_size_exceeded');
  return { data, filename: file.filename, mimetype: file.mimetype };
};
