import { CalendarOutlined, CommentOutlined, GithubOutlined, MailOutlined } from '@ant-design/icons';
import { Button, Flex, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { contactChannels } from './config';

const icons = {
  community: <CommentOutlined />,
  issues: <GithubOutlined />,
  email: <MailOutlined />,
  meeting: <CalendarOutlined />,
} as const;

/** The Help menu's contact dialog (spec §2): the community chat, the code repository's issues, email, a meeting. */
export const ContactDialog = ({ onClose }: { onClose: () => void }) => {
  const { t } = useTranslation();
  return (
    <Modal open title={t('layout.contact.title')} onCancel={onClose} footer={null}>
      <Flex vertical gap={16}>
        {contactChannels.map((channel) => (
          <Flex key={channel.key} gap={12} align="center">
            {icons[channel.key]}
            <Flex vertical style={{ flex: 1 }}>
              <Typography.Text strong>{t(`layout.contact.${channel.key}_title`)}</Typography.Text>
              <Typography.Text type="secondary">{t(`layout.contact.${channel.key}_description`)}</Typography.Text>
            </Flex>
            <Button
              href={channel.href}
              target={channel.key === 'email' ? undefined : '_blank'}
              rel="noopener noreferrer"
            >
              {t(`layout.contact.${channel.key}_action`)}
            </Button>
          </Flex>
        ))}
      </Flex>
    </Modal>
  );
};
