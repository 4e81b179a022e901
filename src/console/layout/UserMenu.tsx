import { BgColorsOutlined, CheckOutlined, GlobalOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../auth/AuthContext';
import { CONSOLE_BASE_PATH } from '../auth/config';
import { profileLinks } from '../features/profile';
import { availableLanguages, changeLanguage } from '../i18n';
import { appearanceModes, useAppearance } from './appearance';
import './user-menu.css';

const check = (selected: boolean) => (selected ? <CheckOutlined /> : <span className="gh-menu-check-space" />);

/**
 * The signed-in user (name or username), their profile (a new tab, spec §2), language, appearance and sign-out. The
 * chosen language and appearance are also saved on the account's console preferences.
 */
export const UserMenu = () => {
  const { t, i18n } = useTranslation();
  const { mode, setMode } = useAppearance();
  const { identity, signOut, savePreferences } = useAuth();
  const secondary = identity?.username && identity.username !== identity.displayName ? identity.username : null;

  const items: MenuProps['items'] = [
    ...(identity
      ? [
          {
            key: 'identity',
            disabled: true,
            className: 'gh-user-menu-identity',
            label: (
              <span className="gh-user-menu-identity-text">
                <span className="gh-user-menu-caption">{t('auth.user_menu.signed_in_as')}</span>
                <strong data-testid="user-menu-name">{identity.displayName}</strong>
                {secondary && <span className="gh-user-menu-caption">{secondary}</span>}
              </span>
            ),
          },
          { type: 'divider' as const },
        ]
      : []),
    {
      key: 'profile',
      icon: <UserOutlined />,
      label: (
        <a href={`${CONSOLE_BASE_PATH}${profileLinks.root()}`} target="_blank" rel="noopener noreferrer">
          {t('auth.user_menu.profile')}
        </a>
      ),
    },
    {
      key: 'language',
      icon: <GlobalOutlined />,
      label: t('layout.user_menu.language'),
      children: availableLanguages.map((language) => ({
        key: `language:${language.code}`,
        icon: check(i18n.language === language.code),
        label: language.label,
        onClick: () => {
          void changeLanguage(language.code);
          savePreferences({ language: language.code });
        },
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
        onClick: () => {
          setMode(appearance);
          savePreferences({ appearanceMode: appearance });
        },
      })),
    },
    { type: 'divider' },
    {
      key: 'sign-out',
      icon: <LogoutOutlined />,
      danger: true,
      label: t('auth.user_menu.sign_out'),
      onClick: () => void signOut(),
    },
  ];

  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{ items, subMenuOpenDelay: 0.3, subMenuCloseDelay: 0.1 }}
    >
      <Button
        type="text"
        className="gh-user-button"
        // The visible name is part of the accessible name (WCAG 2.5.3, label in name).
        aria-label={
          identity ? t('layout.user_menu.open_named', { name: identity.displayName }) : t('layout.user_menu.open')
        }
      >
        <Avatar
          size="small"
          src={identity?.avatar ?? undefined}
          icon={identity?.avatar ? undefined : <UserOutlined />}
        />
        {identity && <span className="gh-user-name">{identity.displayName}</span>}
      </Button>
    </Dropdown>
  );
};
