import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SignUpChange } from './sign-up-diff';

/** The changes a save makes to sign-up and sign-in, one line each, for the confirmation dialog. */
export const SignUpChangeList = ({ changes }: { changes: readonly SignUpChange[] }) => {
  const { t } = useTranslation();
  return (
    <div>
      <Typography.Paragraph>{t('sign_in_exp_console.confirm.description')}</Typography.Paragraph>
      <ul className="gh-sie-changes" aria-label={t('sign_in_exp_console.confirm.changes')}>
        {changes.map((change) => {
          const identifier = 'identifier' in change ? t(`sign_in_exp.identifier.${change.identifier}`) : undefined;
          return (
            <li key={`${change.key}-${identifier ?? ''}`}>
              {t(`sign_in_exp_console.change.${change.key}`, { identifier })}
            </li>
          );
        })}
      </ul>
    </div>
  );
};
