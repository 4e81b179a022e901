import { SearchOutlined } from '@ant-design/icons';
import { Input, Modal, Typography } from 'antd';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type PaletteOption, usePaletteOptions } from './use-palette-options';
import './palette.css';

/** The options by group, in the order they come, each with its place in the whole list (for the arrow keys). */
const grouped = (options: PaletteOption[]) => {
  const groups: { name: string; options: { option: PaletteOption; index: number }[] }[] = [];
  options.forEach((option, index) => {
    const last = groups.at(-1);
    if (last?.name === option.group) last.options.push({ option, index });
    else groups.push({ name: option.group, options: [{ option, index }] });
  });
  return groups;
};

/**
 * The command palette (Ctrl/Cmd+K): a combobox whose list offers pages, items found by the list routes' search, and
 * the items' actions. Arrow keys move through the list, Enter runs the active option, Escape closes; the active option
 * is announced through `aria-activedescendant` while the focus stays in the text box.
 */
export const CommandPalette = ({ onClose }: { onClose: () => void }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const listId = useId();
  const [term, setTerm] = useState('');
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const { options, searching } = usePaletteOptions(term, (path) => navigate(path));
  const activeOption = options[Math.min(active, options.length - 1)];
  const optionId = (option: PaletteOption) => `${listId}-${option.id.replace(/[^A-Za-z0-9_-]/g, '_')}`;

  useEffect(() => {
    if (activeOption) document.getElementById(optionId(activeOption))?.scrollIntoView({ block: 'nearest' });
  });

  const run = (option: PaletteOption | undefined) => {
    if (!option) return;
    onClose();
    option.run();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const moves: Record<string, number> = { ArrowDown: 1, ArrowUp: -1 };
    const move = moves[event.key];
    if (move && options.length > 0) {
      event.preventDefault();
      setActive((current) => (Math.min(current, options.length - 1) + move + options.length) % options.length);
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      setActive(event.key === 'Home' ? 0 : options.length - 1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      run(activeOption);
    }
  };

  return (
    <Modal
      open
      title={t('palette.title')}
      footer={null}
      onCancel={onClose}
      afterOpenChange={(open) => open && input.current?.focus()}
      className="gh-palette"
      destroyOnHidden
    >
      <Input
        ref={(element) => {
          input.current = element?.input ?? null;
        }}
        autoFocus
        prefix={<SearchOutlined aria-hidden="true" />}
        placeholder={t('palette.placeholder')}
        value={term}
        onChange={(event) => {
          setTerm(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-label={t('palette.label')}
        aria-expanded={options.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeOption ? optionId(activeOption) : undefined}
      />
      <div id={listId} role="listbox" aria-label={t('palette.results')} className="gh-palette-list">
        {grouped(options).map((group) => (
          // biome-ignore lint/a11y/useSemanticElements: a listbox holds options and groups of options, not a fieldset
          <div key={group.name} role="group" aria-label={group.name}>
            <div className="gh-palette-group" aria-hidden="true">
              {group.name}
            </div>
            {group.options.map(({ option, index }) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard works through the combobox's text box
              <div
                key={option.id}
                id={optionId(option)}
                role="option"
                aria-selected={option === activeOption}
                tabIndex={-1}
                className="gh-palette-option"
                onMouseEnter={() => setActive(index)}
                onClick={() => run(option)}
              >
                <span className="gh-palette-label">{option.label}</span>
                {option.hint ? <span className="gh-palette-hint">{option.hint}</span> : null}
              </div>
            ))}
          </div>
        ))}
      </div>
      <Typography.Text type="secondary" className="gh-palette-status" role="status">
        {searching
          ? t('palette.searching')
          : options.length === 0
            ? t('palette.no_results', { term: term.trim() })
            : t('palette.hint')}
      </Typography.Text>
    </Modal>
  );
};
