import { Segmented, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { languages } from '../../i18n/languages';
import { galleryThemes, useGalleryView } from './use-view';

/** The language and the appearance the gallery shows its forms in (every console language, translated or not). */
export const ViewControls = () => {
  const { t } = useTranslation();
  const view = useGalleryView();
  return (
    <>
      <div className="gh-qa-control">
        <label htmlFor="qa-language">{t('qa.controls.language')}</label>
        <Select
          id="qa-language"
          value={view.language}
          onChange={view.setLanguage}
          options={languages.map((language) => ({ value: language.code, label: language.label }))}
          popupMatchSelectWidth={false}
        />
      </div>
      <div className="gh-qa-control">
        <span id="qa-theme">{t('qa.controls.theme')}</span>
        <Segmented
          aria-labelledby="qa-theme"
          value={view.theme}
          onChange={(value) => view.setTheme(value)}
          options={galleryThemes.map((theme) => ({ value: theme, label: t(`layout.appearance.${theme}`) }))}
        />
      </div>
    </>
  );
};
