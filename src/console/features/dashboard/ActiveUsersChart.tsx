import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface DailyCount {
  date: string;
  count: number;
}

/** The daily active users of 30 days as an area chart, in the theme's colours (light or dark). */
export const ActiveUsersChart = ({ data }: { data: DailyCount[] }) => {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const day = new Intl.DateTimeFormat(i18n.language, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const dayName = (value: string) => day.format(new Date(`${value}T00:00:00Z`));
  const series = t('dashboard.active.series');
  return (
    <ResponsiveContainer width="100%" height={260}>
      <AreaChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
        <defs>
          <linearGradient id="gh-dau-fill" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor={token.colorPrimary} stopOpacity={0.35} />
            <stop offset="100%" stopColor={token.colorPrimary} stopOpacity={0} />
          </linearGradient>
        </defs>
        <CartesianGrid stroke={token.colorBorderSecondary} vertical={false} />
        <XAxis
          dataKey="date"
          tickFormatter={dayName}
          stroke={token.colorTextSecondary}
          tick={{ fill: token.colorTextSecondary, fontSize: 12 }}
          minTickGap={24}
        />
        <YAxis
          allowDecimals={false}
          width={40}
          stroke={token.colorTextSecondary}
          tick={{ fill: token.colorTextSecondary, fontSize: 12 }}
        />
        <Tooltip
          labelFormatter={(value) => dayName(String(value))}
          formatter={(value) => [value, series]}
          contentStyle={{
            background: token.colorBgElevated,
            border: `1px solid ${token.colorBorderSecondary}`,
            color: token.colorText,
          }}
          labelStyle={{ color: token.colorText }}
        />
        <Area
          type="monotone"
          dataKey="count"
          name={series}
          stroke={token.colorPrimary}
          strokeWidth={2}
          fill="url(#gh-dau-fill)"
          isAnimationActive={false}
        />
      </AreaChart>
    </ResponsiveContainer>
  );
};
