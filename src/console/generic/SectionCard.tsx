import { Typography } from 'antd';
import type { ReactNode } from 'react';

/** The settings-card layout of form sections, for bespoke cards: title and description left, content right. */
export const SectionCard = ({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) => (
  <section className="gh-card gh-form-section" aria-label={title}>
    <div className="gh-form-section-head">
      <Typography.Title level={2} className="gh-form-section-title">
        {title}
      </Typography.Title>
      {description && (
        <Typography.Paragraph type="secondary" className="gh-form-section-description">
          {description}
        </Typography.Paragraph>
      )}
    </div>
    <div className="gh-form-section-body">{children}</div>
  </section>
);
