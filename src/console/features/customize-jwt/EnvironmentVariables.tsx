import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';

export interface Variable {
  name: string;
  value: string;
}

/** The script's environment variables as rows of a name and a value. */
export const EnvironmentVariables = ({
  variables,
  onChange,
}: {
  variables: Variable[];
  onChange: (variables: Variable[]) => void;
}) => {
  const { t } = useTranslation();
  const set = (index: number, change: Partial<Variable>) =>
    onChange(variables.map((variable, at) => (at === index ? { ...variable, ...change } : variable)));
  return (
    <div className="gh-customize-jwt-variables">
      {variables.map((variable, index) => (
        // Rows have no identity of their own; their position is theirs while the page is open.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Space.Compact key={index} block>
          <Input
            aria-label={t('customize_jwt.variables.name_at', { n: index + 1 })}
            placeholder={t('customize_jwt.variables.name')}
            value={variable.name}
            onChange={(event) => set(index, { name: event.target.value })}
          />
          <Input
            aria-label={t('customize_jwt.variables.value_at', { n: index + 1 })}
            placeholder={t('customize_jwt.variables.value')}
            value={variable.value}
            onChange={(event) => set(index, { value: event.target.value })}
          />
          <Button
            icon={<DeleteOutlined />}
            aria-label={t('customize_jwt.variables.remove_at', { n: index + 1 })}
            onClick={() => onChange(variables.filter((_, at) => at !== index))}
          />
        </Space.Compact>
      ))}
      <Button icon={<PlusOutlined />} onClick={() => onChange([...variables, { name: '', value: '' }])}>
        {t('customize_jwt.variables.add')}
      </Button>
    </div>
  );
};

/** The variables as the API takes them: named ones only. */
export const variablesRecord = (variables: Variable[]): Record<string, string> =>
  Object.fromEntries(variables.filter(({ name }) => name.trim()).map(({ name, value }) => [name.trim(), value]));

export const variablesOf = (record: Record<string, string> | undefined): Variable[] =>
  Object.entries(record ?? {}).map(([name, value]) => ({ name, value }));
