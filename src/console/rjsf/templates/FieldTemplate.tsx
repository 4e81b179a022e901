import type { FieldTemplateProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { fieldDescription, fieldLabel } from '../../i18n/labels';
import { asContext, dottedPath, ids, isMarkedRequired } from '../context';

/**
 * One field: label above (with a required mark), the input, its error in red, then the description. The root object
 * and nested objects (e.g. a webhook's `config`) render their children flat, without a box or title. Array items
 * have no visible label of their own, only one for screen readers.
 */
export const FieldTemplate = (props: FieldTemplateProps) => {
  const { t } = useTranslation();
  const { id, children, hidden, required, rawErrors, schema, uiSchema, registry, fieldPathId } = props;
  if (hidden) return <div className="gh-field-hidden">{children}</div>;

  const path = fieldPathId.path;
  const isItem = typeof path.at(-1) === 'number';
  const isFlatObject = schema.type === 'object' && !uiSchema?.['ui:field'];
  if (path.length === 0 || isFlatObject) return children;

  const { entity } = asContext(registry.formContext);
  const dotted = dottedPath(path);
  // One message at a time, the first the schema reports (a bad URL fails both `format` and `pattern`).
  const error = rawErrors?.find((message) => message);
  const description = isItem ? undefined : fieldDescription(t, entity, dotted);
  return (
    <div className={error ? 'gh-field gh-field-invalid' : 'gh-field'}>
      {isItem && (
        // An item is named by its list and position ("Codes 2"), for screen readers only.
        <label htmlFor={id} id={ids.label(id)} className="gh-visually-hidden">
          {t('form.item_label', {
            field: fieldLabel(t, entity, dottedPath(path.slice(0, -1)), undefined),
            index: Number(path.at(-1)) + 1,
          })}
        </label>
      )}
      {!isItem && (
        <label htmlFor={id} id={ids.label(id)} className="gh-field-label">
          {fieldLabel(t, entity, dotted, schema.title)}
          {isMarkedRequired({ id, required, schema, registry }) && (
            <span className="gh-field-required" aria-hidden="true">
              *
            </span>
          )}
        </label>
      )}
      <div className="gh-field-control">{children}</div>
      {error && (
        <div id={ids.error(id)} className="gh-field-error" role="alert">
          {error}
        </div>
      )}
      {description && (
        <div id={ids.description(id)} className="gh-field-description">
          {description}
        </div>
      )}
    </div>
  );
};
