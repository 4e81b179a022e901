import { Input, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyField } from '../../generic/CopyField';
import { useTenantBaseUrl } from '../../generic/use-tenant-base-url';

/** A standard connector's own target and name (generic OIDC and OAuth 2.0 have none of their factory's). */
export interface SocialMetadata {
  target: string;
  name: string;
}

interface Props {
  /** The connector's id: its own when editing, the one made for it when new. */
  connectorId: string;
  /** Whether the factory is a standard protocol (its connectors name their own target and name). */
  standard: boolean;
  /** Editing a saved connector: its target cannot change. */
  editing: boolean;
  metadata: SocialMetadata;
  onChange: (metadata: SocialMetadata) => void;
  errors: Partial<Record<keyof SocialMetadata, string>>;
}

/** Where the provider sends users back to for a social connector: `{tenant base URL}/callback/social/{id}`. */
const useRedirectUri = (connectorId: string) => {
  const base = useTenantBaseUrl();
  return base === undefined ? undefined : `${base}/callback/social/${encodeURIComponent(connectorId)}`;
};

const fieldId = (field: string) => `connector-social-${field}`;

interface FieldProps {
  field: string;
  label: string;
  required?: boolean;
  error?: string | undefined;
  hint: string;
  children: ReactNode;
}

/** A field drawn as the configuration form draws its own: label, input, error, description. */
const Field = (props: FieldProps) => (
  <div className={props.error ? 'gh-field gh-field-invalid' : 'gh-field'}>
    <label htmlFor={fieldId(props.field)} className="gh-field-label">
      {props.label}
      {props.required && (
        <span className="gh-field-required" aria-hidden="true">
          *
        </span>
      )}
    </label>
    <div className="gh-field-control">{props.children}</div>
    {props.error && (
      <div id={fieldId(`${props.field}-error`)} className="gh-field-error" role="alert">
        {props.error}
      </div>
    )}
    <div id={fieldId(`${props.field}-description`)} className="gh-field-description">
      {props.hint}
    </div>
  </div>
);

/**
 * What a social connector needs besides its factory's configuration: the redirect URI to register at the provider
 * (known before saving, as the id is made here) and, for a standard protocol, the target the sign-in page's button
 * stands for and the name it shows.
 */
export const SocialFields = ({ connectorId, standard, editing, metadata, onChange, errors }: Props) => {
  const { t } = useTranslation();
  const redirectUri = useRedirectUri(connectorId);
  const inputProps = (field: keyof SocialMetadata) => ({
    id: fieldId(field),
    value: metadata[field],
    autoComplete: 'off',
    'aria-required': true,
    status: errors[field] ? ('error' as const) : undefined,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': [errors[field] ? fieldId(`${field}-error`) : '', fieldId(`${field}-description`)]
      .join(' ')
      .trim(),
    onChange: (event: { target: { value: string } }) => onChange({ ...metadata, [field]: event.target.value }),
  });
  return (
    <div className="gh-fields gh-connectors-social-fields">
      <Field
        field="redirect-uri"
        label={t('connectors.social.redirect_uri')}
        hint={t('connectors.social.redirect_uri_hint')}
      >
        {redirectUri ? (
          <CopyField id={fieldId('redirect-uri')} value={redirectUri} name={t('connectors.social.redirect_uri')} />
        ) : (
          <Skeleton.Input active size="small" block />
        )}
      </Field>
      {standard && (
        <>
          <Field
            field="target"
            label={t('connectors.social.target')}
            required
            error={errors.target}
            hint={t(editing ? 'connectors.social.target_fixed' : 'connectors.social.target_hint')}
          >
            <Input {...inputProps('target')} readOnly={editing} maxLength={128} />
          </Field>
          <Field
            field="name"
            label={t('connectors.social.name')}
            required
            error={errors.name}
            hint={t('connectors.social.name_hint')}
          >
            <Input {...inputProps('name')} maxLength={256} />
          </Field>
        </>
      )}
    </div>
  );
};
