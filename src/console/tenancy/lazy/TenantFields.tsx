import { Form, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { tenancyShell } from '../shell';

/** A new tenant's data region (Europe by default) and usage purpose, as the create forms ask them (spec §2). */
export const TenantFields = () => {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="regionName" label={t('tenants.create.region')} extra={t('tenants.create.region_hint')}>
        <Select
          options={tenancyShell.regions().map((region) => ({ value: region, label: t(`tenants.region.${region}`) }))}
        />
      </Form.Item>
      <Form.Item name="tag" label={t('tenants.create.tag')}>
        <Radio.Group
          style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
          options={[
            { value: 'development', label: t('tenants.create.tag_development') },
            { value: 'production', label: t('tenants.create.tag_production') },
          ]}
        />
      </Form.Item>
    </>
  );
};
