import { ArrowLeftOutlined } from '@ant-design/icons';
import { useCustom, useNotification } from '@refinedev/core';
import { Button, Card, Checkbox, Skeleton, Space, Typography } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { apiRoutes } from '../../../generated/api-paths';
import { apiPath } from '../../../shared/api-path';
import { PageHeader } from '../../generic/PageHeader';
import { NotFound } from '../../generic/result-pages';
import { useDocumentTitle } from '../../layout/use-document-title';
import { EnvironmentVariables, type Variable, variablesOf, variablesRecord } from './EnvironmentVariables';
import { customizeJwtLinks } from './index';
import { SAMPLES, STARTING_SCRIPT } from './samples';
import { parseObject, type Samples, TestPanel } from './TestPanel';
import { type Customizer, isTokenType, type TokenType, useCustomizerWrites } from './use-jwt-customizers';
import './customize-jwt.css';

const ScriptEditor = lazy(() => import('./ScriptEditor').then((m) => ({ default: m.ScriptEditor })));

const pretty = (value: object) => JSON.stringify(value, null, 2);

/** `/console/customize-jwt/{tokenType}/{create|edit}`: the token type's customizer, its test run, and Save. */
export const CustomizerEditor = () => {
  const { tokenType, action } = useParams();
  if (!isTokenType(tokenType) || (action !== 'create' && action !== 'edit')) return <NotFound />;
  return <Editor tokenType={tokenType} editing={action === 'edit'} />;
};

const Editor = ({ tokenType, editing }: { tokenType: TokenType; editing: boolean }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { open } = useNotification();
  const title = t(`customize_jwt.${tokenType}.title`);
  useDocumentTitle(title);
  const stored = useCustom<Customizer>({
    url: apiPath(apiRoutes.jwtCustomizer.actions.get, { tokenTypePath: tokenType }),
    method: 'get',
    queryOptions: { enabled: editing, retry: false },
  });
  const { save, test, pending } = useCustomizerWrites(tokenType);
  const [script, setScript] = useState(STARTING_SCRIPT);
  const [variables, setVariables] = useState<Variable[]>([]);
  const [block, setBlock] = useState(false);
  const [samples, setSamples] = useState<Samples>({
    token: pretty(SAMPLES[tokenType].token),
    context: pretty(SAMPLES[tokenType].context),
  });
  const loaded = editing && stored.query.isSuccess ? stored.result.data : undefined;
  useEffect(() => {
    if (!loaded) return;
    setScript(loaded.script);
    setVariables(variablesOf(loaded.environmentVariables));
    setBlock(loaded.blockIssuanceOnError === true);
    setSamples({
      token: pretty(loaded.tokenSample ?? SAMPLES[tokenType].token),
      context: pretty(loaded.contextSample ?? SAMPLES[tokenType].context),
    });
  }, [loaded, tokenType]);

  const submit = async () => {
    const token = parseObject(samples.token).value;
    const context = parseObject(samples.context).value;
    try {
      await save({
        script,
        environmentVariables: variablesRecord(variables),
        blockIssuanceOnError: block,
        ...(token ? { tokenSample: token } : {}),
        ...(context ? { contextSample: context } : {}),
      });
      open?.({ type: 'success', message: t('customize_jwt.saved') });
      navigate(customizeJwtLinks.root());
    } catch (error) {
      const { code, message } = error as { code?: string; message?: string };
      open?.({
        type: 'error',
        message: t('notifications.request_failed'),
        description: code ? t(`errors.${code}`, { defaultValue: message }) : message,
      });
    }
  };

  if (editing && stored.query.isLoading) return <Skeleton active />;
  return (
    <div className="gh-page gh-customize-jwt-editor">
      <Button
        type="link"
        icon={<ArrowLeftOutlined className="gh-directional" />}
        onClick={() => navigate(customizeJwtLinks.root())}
      >
        {t('customize_jwt.back')}
      </Button>
      <PageHeader title={title} subtitle={t(`customize_jwt.${tokenType}.description`)} />
      <div className="gh-customize-jwt-columns">
        <Card title={t('customize_jwt.script')}>
          <Suspense fallback={<Skeleton active />}>
            <ScriptEditor value={script} onChange={setScript} label={t('customize_jwt.script')} />
          </Suspense>
          <Typography.Title level={5}>{t('customize_jwt.variables.title')}</Typography.Title>
          <EnvironmentVariables variables={variables} onChange={setVariables} />
          <Checkbox checked={block} onChange={(event) => setBlock(event.target.checked)}>
            {t('customize_jwt.block_on_error')}
          </Checkbox>
        </Card>
        <TestPanel
          samples={samples}
          onSamples={setSamples}
          run={(token, context) => test({ script, environmentVariables: variablesRecord(variables), token, context })}
        />
      </div>
      <Space className="gh-customize-jwt-footer">
        <Button onClick={() => navigate(customizeJwtLinks.root())}>{t('actions.cancel')}</Button>
        <Button type="primary" loading={pending} onClick={submit}>
          {editing ? t('actions.save') : t('customize_jwt.create')}
        </Button>
      </Space>
    </div>
  );
};
