import {
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BranchesOutlined,
  ClusterOutlined,
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
import type { SidebarIconName } from './icon-names';

/** Descriptor icon names → icon components. Codegen rejects other names; the fallback is only a safeguard. */
const icons: Record<SidebarIconName, ComponentType> = {
  api: ApiOutlined,
  application: AppstoreOutlined,
  audit: AuditOutlined,
  dashboard: DashboardOutlined,
  key: KeyOutlined,
  lock: LockOutlined,
  organization: BranchesOutlined,
  rocket: RocketOutlined,
  security: SafetyOutlined,
  settings: SettingOutlined,
  team: TeamOutlined,
  template: ClusterOutlined,
  user: UserOutlined,
  webhook: SendOutlined,
};

export const SidebarIcon = ({ name }: { name: string }) => {
  const Icon = icons[name as SidebarIconName] ?? AppstoreOutlined;
  return <Icon />;
};
