import { Button, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

/** One row of a profile section: what it is, its value, and the action that changes it. */
export const ProfileRow = ({
  label,
  value,
  action,
  onAction,
  testId,
}: {
  label: string;
  value: ReactNode;
  action?: string | undefined;
  onAction?: () => void;
  testId: string;
}) => (
  <Flex className="gh-profile-row" align="center" gap={16} data-testid={testId} style={{ padding: '12px 0' }}>
    <Typography.Text type="secondary" style={{ width: 160, flexShrink: 0 }}>
      {label}
    </Typography.Text>
    <div style={{ flex: 1, minWidth: 0 }}>{value}</div>
    {action && onAction ? <Button onClick={onAction}>{action}</Button> : null}
  </Flex>
);
