import { useCustom } from '@refinedev/core';
import { QueryClientContext } from '@tanstack/react-query';
import { Checkbox, Form } from 'antd';
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiRoutes } from '../../../generated/api-paths';
import { type Connector, localized } from '../connectors/use-connectors';
import { read, type TabProps } from './fields';

const path = 'socialSignInConnectorTargets';
/**
 * The connectors' social tab (`connectorsLinks.social()`), written out: importing the connectors feature's module
 * from this page's chunk would split it out of the first load into a chunk of its own.
 */
const socialTab = '/connectors/social';

/**
 * "Social sign-in": the tenant's social connectors as checkboxes by target (labelled by the connector's name),
 * setting the buttons the sign-in page shows in the order they were checked. With no social connector, a hint
 * links to the connectors' social tab, where one is added.
 */
const SocialSignInChoices = ({ values, set, disabled }: TabProps) => {
  const { t, i18n } = useTranslation();
  const { result, query } = useCustom<Connector[]>({
    url: apiRoutes.connector.list,
    method: 'get',
    errorNotification: false,
  });
  const targets = (read(values, path) as string[] | null | undefined) ?? [];
  // One checkbox per target: a target's connectors of other platforms share its button. (Until the list is
  // answered, Refine's result holds an empty object.)
  const options = new Map<string, string>();
  for (const connector of Array.isArray(result?.data) ? result.data : []) {
    if (connector.type === 'Social' && connector.target && !options.has(connector.target))
      options.set(connector.target, localized(connector.name, i18n.language) || connector.target);
  }
  const label = t('sign_in_exp_console.sign_in.social');
  if (query.isLoading) return <Form.Item label={label} />;

  return (
    <Form.Item
      label={label}
      extra={
        options.size === 0 ? (
          <>
            {t('sign_in_exp_console.sign_in.social_none')}{' '}
            {/* Underlined: in a hint's grey text, a link's colour alone does not set it apart enough. */}
            <Link to={socialTab} style={{ textDecoration: 'underline' }}>
              {t('sign_in_exp_console.sign_in.social_add')}
            </Link>
          </>
        ) : (
          t('sign_in_exp_console.sign_in.social_description')
        )
      }
    >
      {options.size > 0 && (
        <Checkbox.Group
          value={targets}
          disabled={disabled}
          onChange={(checked) =>
            // The sign-in page shows the buttons in this order: those checked before keep their place.
            set(path, [
              ...targets.filter((target) => checked.includes(target)),
              ...checked.filter((target) => !targets.includes(target)),
            ])
          }
          options={[...options].map(([target, name]) => ({ value: target, label: name }))}
        />
      )}
    </Form.Item>
  );
};

/** The field reads the tenant's connectors: drawn where the console's data layer is (not in a tab drawn alone). */
export const SocialSignInField = (props: TabProps) =>
  useContext(QueryClientContext) ? <SocialSignInChoices {...props} /> : null;
