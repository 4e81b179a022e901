import { useDataProvider } from '@refinedev/core';
import { Alert, Segmented, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cspNonce } from '../../csp';
import type { Settings } from './form-state';
import { type PreviewMode, type PreviewPage, previewRequest } from './preview-request';

/** How long typing may pause before the preview asks for the page again. */
export const PREVIEW_DEBOUNCE_MS = 300;

type Device = 'desktop' | 'mobile';

/**
 * The real sign-in page rendered by the server with the unsaved changes, in a sandboxed frame (no scripts, no
 * same-origin access), at desktop or mobile width, light or dark, sign-in or sign-up. It asks again a moment after
 * the admin stops typing; the answer to an older request never replaces a newer one.
 */
export const LivePreview = ({ changes }: { changes: Settings }) => {
  const { t, i18n } = useTranslation();
  const dataProvider = useDataProvider();
  const [page, setPage] = useState<PreviewPage>('sign-in');
  const [mode, setMode] = useState<PreviewMode>('light');
  const [device, setDevice] = useState<Device>('desktop');
  const [html, setHtml] = useState<string>();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      const request = previewRequest(changes, {
        page,
        mode,
        language: i18n.language,
        ...(cspNonce ? { nonce: cspNonce } : {}),
      });
      dataProvider()
        .custom?.({ ...request, payload: request.payload })
        .then((answer) => {
          if (!current) return;
          setFailed(typeof answer.data !== 'string');
          if (typeof answer.data === 'string') setHtml(answer.data);
        })
        .catch(() => current && setFailed(true));
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [changes, page, mode, i18n.language, dataProvider]);

  return (
    <aside className="gh-sie-preview" aria-label={t('sign_in_exp_console.preview.title')}>
      <Space wrap className="gh-sie-preview-toolbar">
        <Segmented
          aria-label={t('sign_in_exp_console.preview.device')}
          value={device}
          onChange={(value) => setDevice(value as Device)}
          options={(['desktop', 'mobile'] as const).map((value) => ({
            value,
            label: t(`sign_in_exp_console.preview.${value}`),
          }))}
        />
        <Segmented
          aria-label={t('sign_in_exp_console.preview.mode')}
          value={mode}
          onChange={(value) => setMode(value as PreviewMode)}
          options={(['light', 'dark'] as const).map((value) => ({
            value,
            label: t(`sign_in_exp_console.preview.${value}`),
          }))}
        />
        <Segmented
          aria-label={t('sign_in_exp_console.preview.page')}
          value={page}
          onChange={(value) => setPage(value as PreviewPage)}
          options={(['sign-in', 'register'] as const).map((value) => ({
            value,
            label: t(`sign_in_exp_console.preview.${value}`),
          }))}
        />
      </Space>
      {failed && <Alert type="warning" showIcon message={t('sign_in_exp_console.preview.failed')} />}
      <div className={`gh-sie-preview-frame gh-sie-preview-${device}`}>
        {html === undefined && !failed ? (
          <Spin />
        ) : (
          <iframe title={t('sign_in_exp_console.preview.frame')} sandbox="" srcDoc={html ?? ''} />
        )}
      </div>
    </aside>
  );
};
