import {
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BranchesOutlined,
  DashboardOutlined,
  KeyOutlined,
  LockOutlined,
  RocketOutlined,
  SafetyOutlined,
  SendOutlined,
  SettingOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/** Descriptor icon names → icon components; unknown names fall back to a neutral icon. */
const icons: Record<string, ComponentType> = {
  api: ApiOutlined,
  audit: AuditOutlined,
  dashboard: DashboardOutlined,
  key: KeyOutlined,
  lock: LockOutlined,
  organization: BranchesOutlined,
  rocket: RocketOutlined,
  security: SafetyOutlined,
  settings: SettingOutlined,
  team: TeamOutlined,
  user: UserOutlined,
  webhook: SendOutlined,
};

export const SidebarIcon = ({ name }: { name: string }) => {
  const Icon = icons[name] ?? AppstoreOutlined;
  return <Icon />;
};
