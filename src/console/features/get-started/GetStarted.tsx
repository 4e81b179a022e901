import { ArrowRightOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccess } from '../../access';
import { PageHeader } from '../../generic/PageHeader';
import { useDocumentTitle } from '../../layout/use-document-title';
import { stepsFor } from './steps';
import './get-started.css';

/** The tenant's next steps: a card per step, each with a link into the product (spec §2, get started). */
export const GetStarted = () => {
  const { t } = useTranslation();
  const access = useAccess();
  const steps = useMemo(() => stepsFor(access), [access]);
  useDocumentTitle(t('sidebar.get_started'));
  return (
    <div className="gh-page">
      <PageHeader title={t('get_started.title')} subtitle={t('get_started.subtitle')} />
      <ol className="gh-steps" aria-label={t('get_started.steps_label')}>
        {steps.map((step) => {
          const action = t(`get_started.steps.${step.key}.action`);
          return (
            <li key={step.key} className="gh-card gh-step">
              <Typography.Title level={2} className="gh-step-title">
                {t(`get_started.steps.${step.key}.title`)}
              </Typography.Title>
              <Typography.Paragraph type="secondary" className="gh-step-description">
                {t(`get_started.steps.${step.key}.description`)}
              </Typography.Paragraph>
              {'route' in step.to ? (
                <Link to={step.to.route} className="gh-step-link">
                  {action} <ArrowRightOutlined aria-hidden className="gh-directional" />
                </Link>
              ) : (
                <a href={step.to.href} className="gh-step-link" target="_blank" rel="noreferrer">
                  {action} <ArrowRightOutlined aria-hidden className="gh-directional" />
                </a>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
};
