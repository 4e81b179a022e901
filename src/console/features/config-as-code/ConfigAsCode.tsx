import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useNotification } from '@refinedev/core';
import { Alert, App, Button, Card, Flex, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../access/AccessContext';
import { downloadText } from '../../generic/download';
import { PageHeader } from '../../generic/PageHeader';
import { requestFailed } from '../../generic/request-failed';
import { useDocumentTitle } from '../../layout/use-document-title';
import { PlanView } from './PlanView';
import { type Files, type Plan, useConfigBundle } from './use-config-bundle';
import './config-as-code.css';

/** A refused request's words, and the file it is about when the server names one. */
const failureOf = (t: Parameters<typeof requestFailed>[0], error: unknown) => {
  const file = (error as { data?: { file?: unknown } }).data?.file;
  const { description } = requestFailed(t, error);
  return typeof file === 'string' ? t('config_code.in_file', { file, reason: description }) : String(description);
};

/**
 * `/console/config-as-code`: the tenant's configuration downloaded as one file of files (what `npm run config --
 * export` writes as a folder), and such a file uploaded: the plan it makes is shown, then applied on confirmation.
 */
export const ConfigAsCode = () => {
  const { t } = useTranslation();
  useDocumentTitle(t('sidebar.config_as_code'));
  const { modal } = App.useApp();
  const { open } = useNotification();
  const canApply = useAccess().allows(['write:data']);
  const { exportFiles, plan, apply, pending } = useConfigBundle();
  const [uploaded, setUploaded] = useState<{ name: string; files: Files }>();
  const [planned, setPlanned] = useState<Plan>();
  const [failure, setFailure] = useState<string>();

  const downloadFiles = async () => {
    try {
      const files = await exportFiles();
      downloadText(`${JSON.stringify({ files }, null, 2)}\n`, 'application/json', 'gatehouse-config.json');
    } catch (error) {
      open?.(requestFailed(t, error));
    }
  };
  const planFile = async (file: File) => {
    setFailure(undefined);
    setPlanned(undefined);
    let files: Files;
    try {
      files = (JSON.parse(await file.text()) as { files: Files }).files;
      if (typeof files !== 'object' || files === null) throw new Error('no files');
    } catch {
      setFailure(t('config_code.bad_file'));
      return;
    }
    setUploaded({ name: file.name, files });
    try {
      setPlanned(await plan(files));
    } catch (error) {
      setFailure(failureOf(t, error));
    }
  };
  const applyFiles = () =>
    uploaded &&
    modal.confirm({
      title: t('config_code.apply'),
      content: t('config_code.apply_confirm', { file: uploaded.name }),
      okText: t('config_code.apply'),
      cancelText: t('actions.cancel'),
      onOk: async () => {
        try {
          const done = await apply(uploaded.files);
          open?.({ type: 'success', message: t('config_code.applied', done.summary) });
          setPlanned(await plan(uploaded.files));
        } catch (error) {
          setFailure(failureOf(t, error));
        }
      },
    });

  return (
    <div className="gh-page">
      <PageHeader title={t('config_code.title')} subtitle={t('config_code.subtitle')} />
      <Card title={t('config_code.download_title')}>
        <Typography.Paragraph>
          {t('config_code.download_description', { command: 'npm run config -- export' })}
        </Typography.Paragraph>
        <Button icon={<DownloadOutlined />} onClick={() => void downloadFiles()}>
          {t('config_code.download')}
        </Button>
      </Card>
      <Card title={t('config_code.upload_title')}>
        <Flex vertical gap={16} align="flex-start">
          <Typography.Paragraph>{t('config_code.upload_description')}</Typography.Paragraph>
          <Upload
            accept=".json,application/json"
            showUploadList={false}
            maxCount={1}
            beforeUpload={(file) => {
              void planFile(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={pending && !planned}>
              {t('config_code.upload')}
            </Button>
          </Upload>
          {failure ? <Alert type="error" showIcon message={failure} role="alert" /> : null}
          {planned ? <PlanView plan={planned} /> : null}
          {planned && planned.steps.length > 0 ? (
            <Button type="primary" disabled={!canApply} onClick={applyFiles}>
              {t('config_code.apply')}
            </Button>
          ) : null}
        </Flex>
      </Card>
    </div>
  );
};
