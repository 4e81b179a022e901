import type { NotificationProvider } from '@refinedev/core';
import { App } from 'antd';

/** Refine notifications as antd toasts: the message is the title, the description the body. */
export const useNotificationProvider = (): NotificationProvider => {
  const { notification } = App.useApp();
  return {
    open: ({ key, message, description, type }) => {
      const open =
        type === 'error' ? notification.error : type === 'success' ? notification.success : notification.info;
      open({ key, message, description, placement: 'topRight', duration: type === 'error' ? 6 : 3 });
    },
    close: (key) => notification.destroy(key),
  };
};
