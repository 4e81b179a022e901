import { Checkbox, Form, Radio, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { read, Section, SwitchField, type TabProps } from './fields';
import { SocialSignInField } from './SocialSignInField';

const identifiers = ['username', 'email', 'phone'] as const;
const modes = ['SignInAndRegister', 'SignIn', 'Register'] as const;
const forgotPasswordMethods = ['EmailVerificationCode', 'PhoneVerificationCode'] as const;

interface Method {
  identifier: (typeof identifiers)[number];
  password: boolean;
  verificationCode: boolean;
  isPasswordPrimary: boolean;
}

/** Sign-in mode, what sign-up asks for, the sign-in methods per identifier, and the social sign-in buttons. */
export const SignUpTab = (props: TabProps) => {
  const { t } = useTranslation();
  const { values, set, disabled } = props;
  const signUpIds = (read(values, 'signUp.identifiers') as string[] | undefined) ?? [];
  const methods = (read(values, 'signIn.methods') as Method[] | undefined) ?? [];
  const forgotMethods = (read(values, 'forgotPasswordMethods') as string[] | null | undefined) ?? [];
  const setMethod = (identifier: Method['identifier'], next: Partial<Method> | undefined) => {
    const current = methods.find((method) => method.identifier === identifier);
    if (!next)
      return set(
        'signIn.methods',
        methods.filter((method) => method.identifier !== identifier),
      );
    const method = {
      identifier,
      password: true,
      verificationCode: identifier !== 'username' && !current,
      isPasswordPrimary: true,
      ...current,
      ...next,
    };
    if (identifier === 'username') method.verificationCode = false;
    set(
      'signIn.methods',
      current ? methods.map((item) => (item.identifier === identifier ? method : item)) : [...methods, method],
    );
  };

  return (
    <>
      <Section titleKey="sign_in_exp.section.sign_up">
        <Form.Item label={t('sign_in_exp_console.sign_up.mode')}>
          <Radio.Group
            value={read(values, 'signInMode')}
            disabled={disabled}
            onChange={(event) => set('signInMode', event.target.value)}
            options={modes.map((mode) => ({ value: mode, label: t(`sign_in_exp_console.sign_up.mode_${mode}`) }))}
          />
        </Form.Item>
        <Form.Item label={t('sign_in_exp_console.sign_up.identifiers')}>
          <Checkbox.Group
            value={signUpIds}
            disabled={disabled}
            onChange={(checked) =>
              set(
                'signUp.identifiers',
                identifiers.filter((id) => checked.includes(id)),
              )
            }
            options={identifiers.map((id) => ({ value: id, label: t(`sign_in_exp.identifier.${id}`) }))}
          />
        </Form.Item>
        <SwitchField {...props} path="signUp.password" labelKey="sign_in_exp_console.sign_up.password" />
        <SwitchField {...props} path="signUp.verify" labelKey="sign_in_exp_console.sign_up.verify" />
      </Section>
      <Section titleKey="sign_in_exp.section.sign_in" later>
        {identifiers.map((identifier) => {
          const method = methods.find((item) => item.identifier === identifier);
          const name = t(`sign_in_exp.identifier.${identifier}`);
          return (
            <Form.Item key={identifier} label={name}>
              <Space wrap>
                <Checkbox
                  checked={Boolean(method)}
                  disabled={disabled}
                  onChange={(event) => setMethod(identifier, event.target.checked ? {} : undefined)}
                >
                  {t('sign_in_exp_console.sign_in.enabled', { identifier: name })}
                </Checkbox>
                {method && (
                  <Checkbox
                    checked={method.password}
                    disabled={disabled}
                    onChange={(event) => setMethod(identifier, { password: event.target.checked })}
                  >
                    {t('sign_in_exp_console.sign_in.password')}
                  </Checkbox>
                )}
                {method && identifier !== 'username' && (
                  <Checkbox
                    checked={method.verificationCode}
                    disabled={disabled}
                    onChange={(event) => setMethod(identifier, { verificationCode: event.target.checked })}
                  >
                    {t('sign_in_exp_console.sign_in.verification_code')}
                  </Checkbox>
                )}
              </Space>
            </Form.Item>
          );
        })}
        <Form.Item
          label={t('sign_in_exp_console.sign_in.forgot_password')}
          extra={t('sign_in_exp_console.sign_in.forgot_password_description')}
        >
          <Checkbox.Group
            value={forgotMethods}
            disabled={disabled}
            onChange={(checked) =>
              // Logto keeps the order the methods were added in (the first is offered first).
              set('forgotPasswordMethods', [
                ...forgotMethods.filter((method) => checked.includes(method)),
                ...forgotPasswordMethods.filter(
                  (method) => checked.includes(method) && !forgotMethods.includes(method),
                ),
              ])
            }
            options={forgotPasswordMethods.map((method) => ({
              value: method,
              label: t(`sign_in_exp_console.sign_in.forgot_password_${method}`),
            }))}
          />
        </Form.Item>
        <SocialSignInField {...props} />
        <SwitchField
          {...props}
          path="socialSignIn.automaticAccountLinking"
          labelKey="sign_in_exp_console.sign_in.automatic_account_linking"
        />
        <SwitchField
          {...props}
          path="socialSignIn.skipRequiredIdentifiers"
          labelKey="sign_in_exp_console.sign_in.skip_required_identifiers"
        />
      </Section>
    </>
  );
};
