import { DatePicker, Skeleton, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../generic/PageHeader';
import { ErrorState } from '../../generic/states';
import { useDocumentTitle } from '../../layout/use-document-title';
import { Metric } from './Metric';
import { useDashboard } from './use-dashboard';
import './dashboard.css';

dayjs.extend(utc);

// The chart library is loaded with this page's chart only, never with the rest of the console.
const ActiveUsersChart = lazy(() => import('./ActiveUsersChart').then((m) => ({ default: m.ActiveUsersChart })));

/** Days are UTC days, as the API counts them; none after today. */
const afterToday = (value: Dayjs) => value.format('YYYY-MM-DD') > dayjs.utc().format('YYYY-MM-DD');

/** `/console/dashboard` (spec §2): total, new and active users, with their changes and 30 days of active users. */
export const Dashboard = () => {
  const { t } = useTranslation();
  useDocumentTitle(t('sidebar.dashboard'));
  const [date, setDate] = useState<string | undefined>();
  const { total, fresh, active } = useDashboard(date);
  const failed = [total, fresh, active].find((read) => read.query.isError);
  const activeData = active.query.isSuccess ? active.result.data : undefined;
  return (
    <div className="gh-page gh-dashboard">
      <PageHeader title={t('dashboard.title')} subtitle={t('dashboard.subtitle')} />
      {failed ? (
        <ErrorState
          error={failed.query.error}
          onRetry={() => {
            for (const read of [total, fresh, active]) void read.query.refetch();
          }}
        />
      ) : (
        <>
          <div className="gh-metrics">
            <Metric
              id="metric-total"
              labelKey="dashboard.total"
              value={total.query.isSuccess ? { count: total.result.data.totalUserCount } : undefined}
            />
            <Metric
              id="metric-new-today"
              labelKey="dashboard.new_today"
              periodKey="dashboard.period.yesterday"
              value={fresh.query.isSuccess ? fresh.result.data.today : undefined}
            />
            <Metric
              id="metric-new-7-days"
              labelKey="dashboard.new_7_days"
              periodKey="dashboard.period.previous_7_days"
              value={fresh.query.isSuccess ? fresh.result.data.last7Days : undefined}
            />
          </div>
          <section className="gh-card gh-active" aria-labelledby="active-users-title">
            <div className="gh-active-head">
              <div>
                <Typography.Title level={2} id="active-users-title" className="gh-active-title">
                  {t('dashboard.active.title')}
                </Typography.Title>
                <Typography.Text type="secondary">{t('dashboard.active.description')}</Typography.Text>
              </div>
              <DatePicker
                aria-label={t('dashboard.active.date')}
                placeholder={t('dashboard.active.today')}
                value={date ? dayjs(date) : null}
                disabledDate={afterToday}
                onChange={(value) => setDate(value ? value.format('YYYY-MM-DD') : undefined)}
              />
            </div>
            <div className="gh-metrics">
              <Metric
                id="metric-dau"
                labelKey="dashboard.active.dau"
                periodKey="dashboard.period.previous_day"
                value={activeData?.dau}
              />
              <Metric
                id="metric-wau"
                labelKey="dashboard.active.wau"
                periodKey="dashboard.period.previous_7_days"
                value={activeData?.wau}
              />
              <Metric
                id="metric-mau"
                labelKey="dashboard.active.mau"
                periodKey="dashboard.period.previous_30_days"
                value={activeData?.mau}
              />
            </div>
            <figure className="gh-chart" aria-label={t('dashboard.active.chart')}>
              {activeData ? (
                <Suspense fallback={<Skeleton active />}>
                  <ActiveUsersChart data={activeData.dauCurve} />
                </Suspense>
              ) : (
                <Skeleton active />
              )}
            </figure>
          </section>
        </>
      )}
    </div>
  );
};
