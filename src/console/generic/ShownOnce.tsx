import { Alert, Button, Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { CopyField } from './CopyField';

export interface ShownValue {
  field: string;
  /** The field's label, already translated. */
  label: string;
  value: string;
}

/** Values the server keeps only as hashes (a password), shown once with copy buttons; Done closes for good. */
export const ShownOnceModal = ({
  title,
  values,
  onDone,
}: {
  title: string;
  values: ShownValue[];
  onDone: () => void;
}) => {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={title}
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={[
        <Button key="done" type="primary" onClick={onDone}>
          {t('show_once.done')}
        </Button>,
      ]}
    >
      <Alert type="warning" showIcon message={t('show_once.description')} className="gh-detail-banner" />
      <Form layout="vertical" component="div">
        {values.map((item) => (
          <Form.Item key={item.field} label={item.label} htmlFor={`shown-once-${item.field}`}>
            <CopyField id={`shown-once-${item.field}`} value={item.value} name={item.label} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
};
