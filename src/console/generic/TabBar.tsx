import type { KeyboardEvent } from 'react';

interface TabBarProps {
  items: { key: string; label: string }[];
  activeKey: string | undefined;
  onChange: (key: string) => void;
}

const step: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

/**
 * A page's tabs, each opening its own address: a tab list whose selected tab is the page shown (arrow keys, Home and
 * End move between tabs, Enter or Space opens one). Plain buttons styled by `.gh-tab-bar`: the component library's
 * tabs measure every tab's size while a page draws, which forced a layout of the whole page on each navigation.
 */
export const TabBar = ({ items, activeKey, onChange }: TabBarProps) => {
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const move = step[event.key];
    if (!move) return;
    event.preventDefault();
    const tabs = event.currentTarget.parentElement?.querySelectorAll<HTMLButtonElement>('[role="tab"]');
    tabs?.[move(index, items.length)]?.focus();
  };
  return (
    <div className="gh-tab-bar" role="tablist">
      {items.map((item, index) => {
        const selected = item.key === activeKey;
        return (
          <button
            key={item.key}
            type="button"
            role="tab"
            className="gh-tab"
            aria-selected={selected}
            tabIndex={selected || (activeKey === undefined && index === 0) ? 0 : -1}
            onClick={() => {
              if (!selected) onChange(item.key);
            }}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
};
