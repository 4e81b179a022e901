import type { WidgetProps } from '@rjsf/utils';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { branchLabelKey } from '../../../shared/text-keys';
import { fieldLabel } from '../../i18n/labels';
import { asContext, ids } from '../context';

/**
 * The choice of a polymorphic field's branch (an identity provider): a labelled select of the branches' titles.
 * Its label is `fields.<entity>.<field>.<discriminator>`, else the field's title; a branch is named
 * `<namespace>.<discriminator>.<value>` (like an enum value), else by its title.
 * The branch's own fields follow it; its discriminator property is hidden (`withBranchUi`).
 */
export const BranchSelectWidget = (props: WidgetProps) => {
  const { t } = useTranslation();
  const { id, value, disabled, readonly, onChange, options, registry, rawErrors } = props;
  const { entity, namespace } = asContext(registry.formContext);
  const values = Array.isArray(options.values) ? options.values : [];
  const field = props.name.replace(/__oneof_select$/, '');
  const discriminator = typeof options.discriminator === 'string' ? options.discriminator : 'type';
  const invalid = (rawErrors?.length ?? 0) > 0;
  return (
    <div className={invalid ? 'gh-field gh-field-invalid' : 'gh-field'}>
      <label htmlFor={id} id={ids.label(id)} className="gh-field-label">
        {fieldLabel(t, entity, `${field}.${discriminator}`, props.label !== field ? props.label : undefined)}
      </label>
      <div className="gh-field-control">
        <Select
          id={id}
          className="gh-select"
          value={value ?? undefined}
          disabled={disabled || readonly}
          onChange={(next) => onChange(next)}
          status={invalid ? 'error' : undefined}
          aria-labelledby={ids.label(id)}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? ids.error(id) : undefined}
          options={(options.enumOptions ?? []).map((option, index) => ({
            value: option.value,
            label: String(t(branchLabelKey(namespace, discriminator, values[index]), { defaultValue: option.label })),
          }))}
        />
      </div>
      {invalid && (
        <div id={ids.error(id)} className="gh-field-error" role="alert">
          {rawErrors?.find((message) => message)}
        </div>
      )}
    </div>
  );
};
