import { useDataProvider } from '@refinedev/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Segmented, Space, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cspNonce } from '../../csp';
import type { Settings } from './form-state';
import { type PreviewMode, type PreviewPage, previewRequest } from './preview-request';

/** How long typing may pause before the preview asks for the page again. */
export const PREVIEW_DEBOUNCE_MS = 300;

type Device = 'desktop' | 'mobile';

/** `value`, following it `delay` ms after it last changed; the first value at once. */
const useSettled = <T,>(value: T, delay: number): T => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
};

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
  const settled = useSettled(changes, PREVIEW_DEBOUNCE_MS);
  const request = useMemo(
    () =>
      previewRequest(settled, {
        page,
        mode,
        language: i18n.language,
        ...(cspNonce ? { nonce: cspNonce } : {}),
      }),
    [settled, page, mode, i18n.language],
  );
  // Previews are cached by request: a page seen before shows its preview at once and checks it again quietly; while
  // another one loads, the last stays.
  const preview = useQuery({
    queryKey: ['sign-in-experience-preview', request.payload],
    placeholderData: keepPreviousData,
    retry: false,
    queryFn: async () => {
      const answer = await dataProvider().custom?.({ ...request, payload: request.payload });
      if (typeof answer?.data !== 'string') throw new Error('The preview is not a page');
      return answer.data;
    },
  });
  const html = preview.data;
  const failed = preview.isError;

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
