import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../generic/PageHeader';
import { useDocumentTitle } from '../../layout/use-document-title';
import { KeysCard } from './KeysCard';
import './signing-keys.css';

/** `/console/signing-keys` (spec §2): the private keys that sign tokens and the keys that sign cookies. */
export const SigningKeys = () => {
  const { t } = useTranslation();
  useDocumentTitle(t('sidebar.signing_keys'));
  return (
    <div className="gh-page gh-signing-keys">
      <PageHeader title={t('signing_keys.title')} subtitle={t('signing_keys.subtitle')} />
      <KeysCard keyType="private-keys" />
      <KeysCard keyType="cookie-keys" />
    </div>
  );
};
