import { List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldChange } from '../../../shared/field-diff';
import { ChangeTable } from '../../generic/history/ChangeDiff';
import type { Plan } from './use-config-bundle';

const colors: Record<string, string> = { create: 'green', update: 'blue', delete: 'red' };

/** What applying the files does: its counts, then each file's step with the fields it sets or changes. */
export const PlanView = ({ plan }: { plan: Plan }) => {
  const { t } = useTranslation();
  return (
    <div className="gh-config-plan">
      <Typography.Paragraph strong role="status">
        {plan.steps.length === 0 ? t('config_code.no_changes') : t('config_code.summary', plan.summary)}
      </Typography.Paragraph>
      {plan.steps.length > 0 ? (
        <List
          dataSource={plan.steps}
          rowKey="file"
          renderItem={(step) => (
            <List.Item aria-label={step.file}>
              <div className="gh-config-step">
                <div>
                  <Tag color={colors[step.kind]}>{t(`config_code.kind.${step.kind}`)}</Tag>
                  <code className="gh-cell-code">{step.file}</code>
                </div>
                {step.changes.length > 0 ? <ChangeTable changes={step.changes as FieldChange[]} /> : null}
              </div>
            </List.Item>
          )}
        />
      ) : null}
    </div>
  );
};
