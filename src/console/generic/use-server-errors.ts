import { useNotification } from '@refinedev/core';
import type { ErrorSchema } from '@rjsf/utils';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsoleResource, FormModel } from '../../shared/descriptor';
import { mapServerError, type ServerErrorLike } from '../rjsf/server-errors';

/**
 * Server errors of a form submit: field errors become rjsf `extraErrors` (cleared on the next edit); the rest is
 * shown as an error toast. `setErrors` puts the form's own submit-time checks in the same place.
 */
export const useServerErrors = (resource: ConsoleResource, form: FormModel | undefined) => {
  const { t } = useTranslation();
  const { open } = useNotification();
  const [extraErrors, setExtraErrors] = useState<ErrorSchema | undefined>();

  const report = useCallback(
    (error: ServerErrorLike) => {
      const { errorSchema, unmapped } = mapServerError(error, {
        errorFields: resource.errorFields,
        fields: Object.keys(form?.schema.properties ?? {}),
        translate: (key, params, defaultValue) => String(t(key, { ...params, defaultValue })),
      });
      setExtraErrors(Object.keys(errorSchema).length > 0 ? errorSchema : undefined);
      if (unmapped.length > 0) {
        open?.({ type: 'error', message: t('notifications.request_failed'), description: unmapped.join('\n') });
      }
    },
    [resource.errorFields, form, t, open],
  );

  const clear = useCallback(() => setExtraErrors(undefined), []);
  return { extraErrors, report, clear, setErrors: setExtraErrors };
};
