import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { CustomUiCard } from './CustomUiCard';
import { ColorField, read, Section, SwitchField, type TabProps, TextField } from './fields';

/** Colors (light and dark), logos and favicons, the page's custom CSS, and sign-in pages of the tenant's own. */
export const BrandingTab = (props: TabProps) => {
  const { t } = useTranslation();
  const css = read(props.values, 'customCss');
  return (
    <>
      <Section titleKey="sign_in_exp.section.color">
        <ColorField {...props} path="color.primaryColor" labelKey="sign_in_exp_console.branding.primary_color" />
        <SwitchField {...props} path="color.isDarkModeEnabled" labelKey="sign_in_exp_console.branding.dark_mode" />
        {read(props.values, 'color.isDarkModeEnabled') === true && (
          <ColorField
            {...props}
            path="color.darkPrimaryColor"
            labelKey="sign_in_exp_console.branding.dark_primary_color"
          />
        )}
      </Section>
      <Section titleKey="sign_in_exp_console.branding.logos" later>
        <TextField {...props} path="branding.logoUrl" labelKey="sign_in_exp_console.branding.logo_url" />
        <TextField {...props} path="branding.darkLogoUrl" labelKey="sign_in_exp_console.branding.dark_logo_url" />
        <TextField {...props} path="branding.favicon" labelKey="sign_in_exp_console.branding.favicon" />
        <TextField {...props} path="branding.darkFavicon" labelKey="sign_in_exp_console.branding.dark_favicon" />
      </Section>
      <Section titleKey="sign_in_exp_console.branding.custom_css" later>
        <Form.Item label={t('sign_in_exp_console.branding.custom_css')} htmlFor="sie-customCss">
          <Input.TextArea
            id="sie-customCss"
            className="gh-sie-code"
            spellCheck={false}
            rows={10}
            value={typeof css === 'string' ? css : ''}
            disabled={props.disabled}
            placeholder={t('sign_in_exp_console.branding.custom_css_placeholder')}
            onChange={(event) => props.set('customCss', event.target.value === '' ? null : event.target.value)}
          />
        </Form.Item>
      </Section>
      <CustomUiCard {...props} />
    </>
  );
};
