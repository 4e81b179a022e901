import { Avatar, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../../auth/AuthContext';
import { useDocumentTitle } from '../../layout/use-document-title';
import { AuthScreen } from '../../screens/AuthScreen';

/** `/console/profile` (outside the main layout, spec §2): the signed-in account; editing comes later. */
export const Profile = () => {
  const { t } = useTranslation();
  const { identity } = useAuth();
  useDocumentTitle(t('auth.profile.document_title'));
  const value = (text: string | null | undefined) => text || t('auth.profile.not_set');
  return (
    <AuthScreen className="gh-profile">
      <h1>{t('auth.profile.title')}</h1>
      <p>{t('auth.profile.description')}</p>
      {identity && (
        <>
          <Avatar size={64} src={identity.avatar ?? undefined}>
            {identity.displayName.slice(0, 1).toUpperCase()}
          </Avatar>
          <dl>
            <dt>{t('auth.profile.name')}</dt>
            <dd>{value(identity.name)}</dd>
            <dt>{t('auth.profile.username')}</dt>
            <dd>{value(identity.username)}</dd>
            <dt>{t('auth.profile.email')}</dt>
            <dd>{value(identity.email)}</dd>
            <dt>{t('auth.profile.user_id')}</dt>
            <dd>
              <code>{identity.id}</code>
            </dd>
          </dl>
        </>
      )}
      <p className="gh-auth-note">{t('auth.profile.coming_soon')}</p>
      <div className="gh-auth-actions">
        <Link to="/">
          <Button>{t('auth.profile.back')}</Button>
        </Link>
      </div>
    </AuthScreen>
  );
};
