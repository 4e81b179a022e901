import type { default as RjsfForm } from '@rjsf/core';
import type { ErrorSchema, RJSFValidationError } from '@rjsf/utils';
import { type Ref, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsoleResource, FormModel, FormSection } from '../../shared/descriptor';
import { textNamespaceOf } from '../../shared/text-keys';
import { withBranchUi } from './branch-ui';
import type { SchemaFormContext } from './context';
import { createErrorTransformer, type Translate } from './error-messages';
import { recordRulesValidator } from './record-rules';
import { ThemedForm } from './theme';
import { translateUiSchema } from './ui-schema';
import { validatorFor } from './validator';

export type FormData = Record<string, unknown>;
export type FormHandle = RjsfForm<FormData>;

/** What a form needs of its entity: its name and texts, its ui schema and its cross-field rules. */
export type FormResource = Pick<ConsoleResource, 'name' | 'titleKey' | 'uiSchema' | 'recordRules'>;

interface SchemaFormProps {
  resource: FormResource;
  form: FormModel;
  /** Distinguishes the ids of two forms of one entity (`create`, a tab key). */
  idPrefix: string;
  formData: FormData;
  /** The stored record a settings form edits: the entity's cross-field rules check the form's values over it. */
  record?: FormData;
  onChange: (data: FormData) => void;
  onSubmit: (data: FormData) => void;
  sections?: FormSection[];
  /** Fields of the form not rendered (sections that do not apply); their values pass through unchanged. */
  omitted?: string[];
  /** Root fields marked as required although the schema does not require them (those a settings form keeps). */
  requiredFields?: string[];
  extraErrors?: ErrorSchema;
  disabled?: boolean;
  formRef?: Ref<FormHandle>;
  /** The errors a submit (or `validateForm()`) found, translated as shown under the fields. */
  onValidationErrors?: (errors: RJSFValidationError[]) => void;
  /** Whether a failed validation moves the focus to the first invalid field (default). */
  focusOnFirstError?: boolean;
}

/**
 * A descriptor form: precompiled validation, translated messages shown under each field, no browser validation,
 * and live validation only after the first submit.
 */
export const SchemaForm = ({
  resource,
  form,
  idPrefix,
  formData,
  record,
  onChange,
  onSubmit,
  sections,
  omitted,
  requiredFields,
  extraErrors,
  disabled,
  formRef,
  onValidationErrors,
  focusOnFirstError = true,
}: SchemaFormProps) => {
  const { t, i18n } = useTranslation();
  const [submitted, setSubmitted] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: texts change with the language
  const uiSchema = useMemo(
    () => withBranchUi(form.schema, translateUiSchema(resource.uiSchema, t)),
    [form.schema, resource.uiSchema, t, i18n.language],
  );
  const formContext = useMemo<SchemaFormContext>(
    () => ({ entity: resource.name, namespace: textNamespaceOf(resource), sections, omitted, requiredFields }),
    [resource, sections, omitted, requiredFields],
  );
  const translate = useMemo<Translate>(
    () => (key, params, defaultValue) => String(t(key, { ...params, defaultValue })),
    [t],
  );
  const transformErrors = useMemo(() => createErrorTransformer(translate), [translate]);
  const customValidate = useMemo(() => {
    if (!resource.recordRules) return undefined;
    const shown = Object.keys(form.schema.properties ?? {}).filter((name) => !omitted?.includes(name));
    return recordRulesValidator({ rules: resource.recordRules, record, shown, translate });
  }, [resource.recordRules, form, record, omitted, translate]);

  return (
    <ThemedForm
      ref={formRef}
      className="gh-form"
      idPrefix={idPrefix}
      schema={form.schema as FormHandle['props']['schema']}
      uiSchema={uiSchema}
      validator={validatorFor(form)}
      formContext={formContext}
      formData={formData}
      disabled={disabled}
      noHtml5Validate
      showErrorList={false}
      liveValidate={submitted ? 'onChange' : undefined}
      focusOnFirstError={focusOnFirstError}
      transformErrors={transformErrors}
      customValidate={customValidate}
      extraErrors={extraErrors}
      onChange={(event) => onChange((event.formData ?? {}) as FormData)}
      onError={(errors) => {
        setSubmitted(true);
        onValidationErrors?.(errors);
      }}
      onSubmit={(event) => {
        setSubmitted(true);
        onSubmit((event.formData ?? {}) as FormData);
      }}
    />
  );
};
