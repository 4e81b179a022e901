import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ArrayFieldItemTemplateProps, ArrayFieldTemplateProps } from '@rjsf/utils';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** Array items stacked, then an "Add another" button (with an accessible name). */
export const ArrayFieldTemplate = ({ items, canAdd, onAddClick, disabled, readonly }: ArrayFieldTemplateProps) => {
  const { t } = useTranslation();
  return (
    <div className="gh-array">
      {items}
      {canAdd && !readonly && (
        <Button
          type="link"
          className="gh-add-another"
          icon={<PlusOutlined />}
          disabled={disabled}
          onClick={() => onAddClick()}
          aria-label={t('form.add_another')}
        >
          {t('form.add_another')}
        </Button>
      )}
    </div>
  );
};

/** One array item: its input, then a remove button named after the item's position. */
export const ArrayFieldItemTemplate = ({
  children,
  buttonsProps,
  index,
  disabled,
  readonly,
}: ArrayFieldItemTemplateProps) => {
  const { t } = useTranslation();
  return (
    <div className="gh-array-item">
      <div className="gh-array-item-content">{children}</div>
      {buttonsProps.hasRemove && !readonly && (
        <Button
          type="text"
          icon={<DeleteOutlined />}
          disabled={disabled}
          onClick={() => buttonsProps.onRemoveItem()}
          aria-label={t('form.remove_item', { index: index + 1 })}
        />
      )}
    </div>
  );
};
