import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A JSON text read, or why it cannot be. */
export const parseObject = (text: string): { value?: Record<string, unknown>; invalid?: boolean } => {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? { value: value as Record<string, unknown> }
      : { invalid: true };
  } catch {
    return { invalid: true };
  }
};

export interface Samples {
  token: string;
  context: string;
}

type Outcome = { claims: unknown } | { error: string } | undefined;

/** The test run: a sample token and context (JSON), the run, and the claims or the error it answered. */
export const TestPanel = ({
  samples,
  onSamples,
  run,
}: {
  samples: Samples;
  onSamples: (samples: Samples) => void;
  run: (token: Record<string, unknown>, context: Record<string, unknown>) => Promise<unknown>;
}) => {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<Outcome>();
  const [running, setRunning] = useState(false);
  const token = parseObject(samples.token);
  const context = parseObject(samples.context);
  const invalid = t('customize_jwt.test.invalid_json');

  const start = async () => {
    if (!token.value || !context.value) return;
    setRunning(true);
    try {
      setOutcome({ claims: await run(token.value, context.value) });
    } catch (error) {
      const { data, message } = error as { data?: { message?: string }; message?: string };
      setOutcome({ error: data?.message ?? message ?? t('notifications.request_failed') });
    } finally {
      setRunning(false);
    }
  };

  return (
    <Card title={t('customize_jwt.test.title')} className="gh-customize-jwt-test">
      <Form layout="vertical" component="div">
        <Form.Item
          label={t('customize_jwt.test.token')}
          htmlFor="gh-jwt-token-sample"
          validateStatus={token.invalid ? 'error' : undefined}
          help={token.invalid ? invalid : undefined}
        >
          <Input.TextArea
            id="gh-jwt-token-sample"
            rows={7}
            className="gh-code"
            value={samples.token}
            onChange={(event) => onSamples({ ...samples, token: event.target.value })}
          />
        </Form.Item>
        <Form.Item
          label={t('customize_jwt.test.context')}
          htmlFor="gh-jwt-context-sample"
          validateStatus={context.invalid ? 'error' : undefined}
          help={context.invalid ? invalid : undefined}
        >
          <Input.TextArea
            id="gh-jwt-context-sample"
            rows={9}
            className="gh-code"
            value={samples.context}
            onChange={(event) => onSamples({ ...samples, context: event.target.value })}
          />
        </Form.Item>
      </Form>
      <Button onClick={start} loading={running} disabled={Boolean(token.invalid || context.invalid)}>
        {t('customize_jwt.test.run')}
      </Button>
      <div aria-live="polite" className="gh-customize-jwt-outcome">
        {outcome && 'claims' in outcome && (
          <>
            <Typography.Text strong>{t('customize_jwt.test.result')}</Typography.Text>
            <pre className="gh-code">{JSON.stringify(outcome.claims, null, 2)}</pre>
          </>
        )}
        {outcome && 'error' in outcome && (
          <Alert type="error" showIcon message={t('customize_jwt.test.failed')} description={outcome.error} />
        )}
      </div>
    </Card>
  );
};
