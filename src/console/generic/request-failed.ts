import type { OpenNotificationParams } from '@refinedev/core';
import type { TFunction } from 'i18next';
import { errorKeys } from '../../shared/text-keys';
import type { ApiError } from '../providers/http';

/**
 * The notification of a request the API refused: its error code's text in the console's language (with the error's
 * data as parameters), else the server's message.
 */
export const requestFailed = (t: TFunction, error: unknown): OpenNotificationParams => {
  const failure = error as Partial<ApiError>;
  return {
    type: 'error',
    message: t('notifications.request_failed'),
    description: t(errorKeys(failure.code ?? '', failure.data), {
      ...(failure.data && typeof failure.data === 'object' ? failure.data : {}),
      defaultValue: failure.message,
    }),
  };
};
