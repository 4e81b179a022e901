import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SettingsForm } from './use-settings-form';

/** Save and Discard for a hand-written settings page, with the unsaved-changes hint; only for callers who may write. */
export const SaveBar = ({ form, onSave }: { form: SettingsForm; onSave: () => void }) => {
  const { t } = useTranslation();
  if (!form.write || !form.values) return null;
  return (
    <div
      className={form.dirty ? 'gh-save-bar gh-save-bar-dirty' : 'gh-save-bar'}
      role="toolbar"
      aria-label={t('form.save_bar')}
    >
      {form.dirty && <span className="gh-save-bar-hint">{t('form.unsaved_hint')}</span>}
      <Button disabled={!form.dirty || form.saving} onClick={form.discard}>
        {t('actions.discard')}
      </Button>
      <Button type="primary" disabled={!form.dirty} loading={form.saving} onClick={onSave}>
        {t('actions.save')}
      </Button>
    </div>
  );
};
