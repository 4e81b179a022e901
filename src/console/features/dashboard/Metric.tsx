import { Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export interface MetricValue {
  count: number;
  delta?: number;
}

/** A figure with its label and, when given, its change from the previous period (`periodKey` names the period). */
export const Metric = ({
  id,
  labelKey,
  periodKey,
  value,
}: {
  id: string;
  labelKey: string;
  periodKey?: string;
  value: MetricValue | undefined;
}) => {
  const { t, i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language);
  const label = t(labelKey);
  return (
    <section className="gh-card gh-metric" aria-labelledby={`${id}-label`} data-testid={id}>
      <h2 id={`${id}-label`} className="gh-metric-label">
        {label}
      </h2>
      {value ? (
        <>
          <p className="gh-metric-count">{format.format(value.count)}</p>
          {value.delta !== undefined && periodKey && (
            <Typography.Text
              className={`gh-metric-delta ${value.delta > 0 ? 'gh-metric-up' : value.delta < 0 ? 'gh-metric-down' : ''}`}
            >
              {t('dashboard.delta', {
                delta: `${value.delta > 0 ? '+' : ''}${format.format(value.delta)}`,
                period: t(periodKey),
              })}
            </Typography.Text>
          )}
        </>
      ) : (
        <Skeleton active paragraph={false} title={{ width: '40%' }} />
      )}
    </section>
  );
};
