import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useAuth } from '../../auth/AuthContext';
import { fetchFirstRun } from '../../auth/account-api';
import { takePendingReturn } from '../../auth/redirect-memory';
import { productName } from '../../layout/config';
import { useDocumentTitle } from '../../layout/use-document-title';
import { AuthPending } from '../../screens/AuthPending';
import { AuthScreen } from '../../screens/AuthScreen';

/**
 * First run (no console account exists yet): welcomes the visitor and starts the registration of the first
 * administrator. Once an account exists the screen is gone: it sends everyone to the console (and so to sign-in).
 */
export const Welcome = () => {
  const { t } = useTranslation();
  const { status, signIn } = useAuth();
  const [firstRun, setFirstRun] = useState<boolean | undefined>(undefined);
  useDocumentTitle(t('auth.welcome.document_title'));

  useEffect(() => {
    let cancelled = false;
    void fetchFirstRun().then((value) => {
      if (!cancelled) setFirstRun(value);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  if (status === 'signed-in' || firstRun === false) return <Navigate to="/" replace />;
  if (firstRun === undefined || status === 'loading') return <AuthPending />;

  return (
    <AuthScreen>
      <h1>{t('auth.welcome.title', { product: productName })}</h1>
      <p>{t('auth.welcome.description', { product: productName })}</p>
      <p className="gh-auth-note">{t('auth.welcome.first_admin_note')}</p>
      <div className="gh-auth-actions">
        <Button
          type="primary"
          size="large"
          block
          loading={status === 'redirecting'}
          onClick={() => void signIn({ returnTo: takePendingReturn(), signUp: true })}
        >
          {t('auth.welcome.create_account')}
        </Button>
      </div>
    </AuthScreen>
  );
};
