import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../auth/AuthContext';
import { useDocumentTitle } from '../layout/use-document-title';
import { AuthScreen } from './AuthScreen';

/**
 * A sign-in that could not be completed (the provider answered with an error, the API keeps refusing the tokens,
 * or the page is not in a secure context), with a way to start over.
 */
export const SignInError = () => {
  const { t } = useTranslation();
  const { failure, session, status } = useAuth();
  useDocumentTitle(t('auth.error.document_title'));
  const reason = failure?.reason ?? 'sign_in_failed';
  const title =
    reason === 'insecure_context'
      ? t('auth.error.insecure_title')
      : reason === 'rejected'
        ? t('auth.error.rejected_title')
        : t('auth.error.title');
  const description =
    reason === 'insecure_context'
      ? t('auth.error.insecure_context')
      : reason === 'rejected'
        ? t('auth.error.rejected')
        : t('auth.error.description');
  return (
    <AuthScreen>
      <h1>{title}</h1>
      <p>{description}</p>
      {reason === 'sign_in_failed' && (failure?.message || failure?.code) && (
        <Alert
          type="error"
          showIcon
          message={failure.message ?? failure.code}
          description={failure.code ? t('auth.error.code', { code: failure.code }) : undefined}
        />
      )}
      {reason !== 'insecure_context' && (
        <div className="gh-auth-actions">
          <Button type="primary" loading={status === 'redirecting'} onClick={() => void session.retry()}>
            {t('auth.error.retry')}
          </Button>
        </div>
      )}
    </AuthScreen>
  );
};
