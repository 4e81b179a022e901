import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** A tab's last lines: the server's refusal, read out when it appears, and Save for those who may write. */
export const SaveFooter = (props: {
  id?: string;
  error: string | undefined;
  write: boolean;
  saving: boolean;
  onSave: () => void;
}) => {
  const { t } = useTranslation();
  return (
    <>
      <p role="alert" id={props.id} className="gh-field-error">
        {props.error}
      </p>
      {props.write && (
        <Button type="primary" loading={props.saving} onClick={props.onSave}>
          {t('connectors.save')}
        </Button>
      )}
    </>
  );
};
