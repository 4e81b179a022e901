import { BgColorsOutlined, CheckOutlined, GlobalOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { availableLanguages, changeLanguage } from '../i18n';
import { appearanceModes, useAppearance } from './appearance';

const check = (selected: boolean) => (selected ? <CheckOutlined /> : <span className="gh-menu-check-space" />);

export const UserMenu = () => {
  const { t, i18n } = useTranslation();
  const { mode, setMode } = useAppearance();

  const items: MenuProps['items'] = [
    {
      key: 'language',
      icon: <GlobalOutlined />,
      label: t('layout.user_menu.language'),
      children: availableLanguages.map((language) => ({
        key: `language:${language.code}`,
        icon: check(i18n.language === language.code),
        label: language.label,
        onClick: () => void changeLanguage(language.code),
      })),
    },
    {
      key: 'appearance',
      icon: <BgColorsOutlined />,
      label: t('layout.user_menu.appearance'),
      children: appearanceModes.map((appearance) => ({
        key: `appearance:${appearance}`,
        icon: check(mode === appearance),
        label: t(`layout.appearance.${appearance}`),
        onClick: () => setMode(appearance),
      })),
    },
  ];

  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{ items, subMenuOpenDelay: 0.3, subMenuCloseDelay: 0.1 }}
    >
      <Button type="text" className="gh-user-button" aria-label={t('layout.user_menu.open')}>
        <Avatar size="small" icon={<UserOutlined />} />
      </Button>
    </Dropdown>
  );
};
