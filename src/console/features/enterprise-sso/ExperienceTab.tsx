import { type BaseRecord, useCustomMutation } from '@refinedev/core';
import { Input, Select, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRoutes } from '../../../generated/api-paths';
import { apiPath } from '../../../shared/api-path';
import { errorKey } from '../../../shared/text-keys';
import { useResourceAccess } from '../../access/AccessContext';
import type { ApiError } from '../../providers/http';
import { requireResource } from '../../registry';
import { SaveFooter } from './SaveFooter';
import type { SsoConnector } from './use-sso';

const resource = requireResource('ssoConnector');

interface Values {
  domains: string[];
  displayName: string;
  logo: string;
  darkLogo: string;
  syncProfile: boolean;
}

const valuesOf = (connector: SsoConnector): Values => ({
  domains: connector.domains,
  displayName: connector.branding?.displayName ?? '',
  logo: connector.branding?.logo ?? '',
  darkLogo: connector.branding?.darkLogo ?? '',
  syncProfile: connector.syncProfile,
});

/**
 * The experience tab: the email domains whose users sign in through the connector (the sign-in page sends an email
 * of these to it), how the page names and shows it, and whether each sign-in refreshes the user's profile.
 */
export const ExperienceTab = ({ connector, onSaved }: { connector: SsoConnector; onSaved: () => Promise<void> }) => {
  const { t } = useTranslation();
  const { write } = useResourceAccess(resource);
  const [values, setValues] = useState(() => valuesOf(connector));
  const [error, setError] = useState<string>();
  const { mutateAsync, mutation } = useCustomMutation<BaseRecord, ApiError>();
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setError(undefined);
  };
  const text = (key: 'displayName' | 'logo' | 'darkLogo') => ({
    id: `sso-${key}`,
    value: values[key],
    disabled: !write,
    onChange: (event: { target: { value: string } }) => set(key, event.target.value),
  });

  const save = async () => {
    const branding = Object.fromEntries(
      (['displayName', 'logo', 'darkLogo'] as const).flatMap((key) =>
        values[key].trim() ? [[key, values[key].trim()]] : [],
      ),
    );
    try {
      await mutateAsync({
        url: apiPath(apiRoutes.ssoConnector.item, { id: connector.id }),
        method: 'patch',
        values: { domains: values.domains, branding, syncProfile: values.syncProfile },
        successNotification: false,
        errorNotification: false,
      });
      await onSaved();
    } catch (failure) {
      const { code, message, data } = failure as ApiError;
      const named = Array.isArray(data) ? ` ${data.join(', ')}` : '';
      setError(`${code ? t(errorKey(code), { defaultValue: message }) : message}${named}`);
    }
  };

  return (
    <section className="gh-sso-section" aria-label={t('enterprise_sso.tab.experience')}>
      <Typography.Title level={2} className="gh-connectors-subtitle">
        {t('enterprise_sso.experience.domains_title')}
      </Typography.Title>
      <div className="gh-sso-field">
        <label htmlFor="sso-domains">{t('enterprise_sso.experience.domains')}</label>
        <Select
          id="sso-domains"
          mode="tags"
          open={false}
          value={values.domains}
          disabled={!write}
          tokenSeparators={[',', ' ']}
          status={error ? 'error' : undefined}
          aria-describedby="sso-domains-hint sso-experience-error"
          placeholder={t('enterprise_sso.experience.domains_placeholder')}
          onChange={(domains: string[]) =>
            set(
              'domains',
              domains.map((domain) => domain.trim().toLowerCase()),
            )
          }
        />
        <Typography.Text type="secondary" id="sso-domains-hint">
          {t('enterprise_sso.experience.domains_hint')}
        </Typography.Text>
      </div>
      <Typography.Title level={2} className="gh-connectors-subtitle">
        {t('enterprise_sso.experience.branding_title')}
      </Typography.Title>
      <div className="gh-sso-field">
        <label htmlFor="sso-displayName">{t('enterprise_sso.experience.display_name')}</label>
        <Input {...text('displayName')} maxLength={128} placeholder={connector.connectorName} />
      </div>
      <div className="gh-sso-field">
        <label htmlFor="sso-logo">{t('enterprise_sso.experience.logo')}</label>
        <Input {...text('logo')} type="url" placeholder="https://" />
      </div>
      <div className="gh-sso-field">
        <label htmlFor="sso-darkLogo">{t('enterprise_sso.experience.dark_logo')}</label>
        <Input {...text('darkLogo')} type="url" placeholder="https://" />
      </div>
      <div className="gh-sso-field">
        <label htmlFor="sso-syncProfile">{t('enterprise_sso.experience.sync_profile')}</label>
        <Switch
          id="sso-syncProfile"
          checked={values.syncProfile}
          disabled={!write}
          onChange={(checked) => set('syncProfile', checked)}
        />
        <Typography.Text type="secondary">{t('enterprise_sso.experience.sync_profile_hint')}</Typography.Text>
      </div>
      <SaveFooter
        id="sso-experience-error"
        error={error}
        write={write}
        saving={mutation.isPending}
        onSave={() => void save()}
      />
    </section>
  );
};
