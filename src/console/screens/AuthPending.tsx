import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import './screens.css';

/** While the session loads or the browser is on its way to the provider. */
export const AuthPending = ({ message }: { message?: string | undefined }) => {
  const { t } = useTranslation();
  return (
    <div className="gh-auth-pending" role="status" aria-live="polite">
      <Spin size="large" />
      {message && <span>{t(message)}</span>}
    </div>
  );
};
