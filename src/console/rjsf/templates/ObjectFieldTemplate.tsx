import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { BelowTheFold } from '../../generic/BelowTheFold';
import { asContext } from '../context';

/**
 * Objects never get a fieldset or title; the root's omitted fields are not drawn. The root object of a settings form
 * is split into the descriptor's sections: each a card with the section title and description on the left and its fields on the right. The first
 * section's fields are drawn with the page, the others' right after its first paint.
 */
export const ObjectFieldTemplate = ({ properties, registry, fieldPathId }: ObjectFieldTemplateProps) => {
  const { t } = useTranslation();
  const { sections, omitted = [] } = asContext(registry.formContext);

  if (fieldPathId.path.length > 0 || !sections?.length) {
    // A form without sections (a create dialog) leaves out the root fields that do not apply.
    const shown = fieldPathId.path.length > 0 ? properties : properties.filter(({ name }) => !omitted.includes(name));
    return <div className="gh-fields">{shown.map((property) => property.content)}</div>;
  }

  const placed = new Set([...sections.flatMap((section) => section.fields), ...omitted]);
  const unplaced = properties.filter((property) => !placed.has(property.name));
  // A section's fields; the last section also holds the fields no section places.
  const fieldsOf = (section: (typeof sections)[number], index: number) => [
    ...section.fields.map((name) => properties.find((property) => property.name === name)?.content),
    ...(index === sections.length - 1 ? unplaced.map((property) => property.content) : []),
  ];
  return (
    <div className="gh-form-sections">
      {sections.map((section, index) => (
        <section key={section.titleKey} className="gh-card gh-form-section" aria-label={t(section.titleKey)}>
          <div className="gh-form-section-head">
            <h2 className="gh-form-section-title">{t(section.titleKey)}</h2>
            {section.descriptionKey && <p className="gh-form-section-description">{t(section.descriptionKey)}</p>}
          </div>
          <div className="gh-form-section-body gh-fields">
            {index === 0 ? fieldsOf(section, index) : <BelowTheFold>{fieldsOf(section, index)}</BelowTheFold>}
          </div>
        </section>
      ))}
    </div>
  );
};
