import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { asContext } from '../context';

/**
 * Objects never get a fieldset or title. The root object of a settings form is split into the descriptor's
 * sections: each a card with the section title and description on the left and its fields on the right.
 */
export const ObjectFieldTemplate = ({ properties, registry, fieldPathId }: ObjectFieldTemplateProps) => {
  const { t } = useTranslation();
  const { sections, omitted = [] } = asContext(registry.formContext);

  if (fieldPathId.path.length > 0 || !sections?.length) {
    return <div className="gh-fields">{properties.map((property) => property.content)}</div>;
  }

  const placed = new Set([...sections.flatMap((section) => section.fields), ...omitted]);
  const unplaced = properties.filter((property) => !placed.has(property.name));
  return (
    <div className="gh-form-sections">
      {sections.map((section, index) => (
        <section key={section.titleKey} className="gh-card gh-form-section" aria-label={t(section.titleKey)}>
          <div className="gh-form-section-head">
            <Typography.Title level={2} className="gh-form-section-title">
              {t(section.titleKey)}
            </Typography.Title>
            {section.descriptionKey && (
              <Typography.Paragraph type="secondary" className="gh-form-section-description">
                {t(section.descriptionKey)}
              </Typography.Paragraph>
            )}
          </div>
          <div className="gh-form-section-body gh-fields">
            {section.fields.map((name) => properties.find((property) => property.name === name)?.content)}
            {index === sections.length - 1 && unplaced.map((property) => property.content)}
          </div>
        </section>
      ))}
    </div>
  );
};
