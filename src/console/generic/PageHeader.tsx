import { Typography } from 'antd';
import type { ReactNode } from 'react';

export const PageHeader = ({ title, subtitle, actions }: { title: string; subtitle?: string; actions?: ReactNode }) => (
  <div className="gh-page-header">
    <div className="gh-page-header-text">
      <Typography.Title level={1} className="gh-page-title">
        {title}
      </Typography.Title>
      {subtitle && <Typography.Text type="secondary">{subtitle}</Typography.Text>}
    </div>
    {actions && <div className="gh-page-header-actions">{actions}</div>}
  </div>
);
