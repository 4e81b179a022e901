import { Input } from 'antd';
import type { ReactNode } from 'react';

/** Above a list: the search box on the left (unless the list has no search), the list's main action on the right. */
export const ListToolbar = ({
  placeholder,
  keyword,
  onSearch,
  action,
  searchable = true,
}: {
  placeholder: string;
  keyword: string;
  onSearch: (value: string) => void;
  action?: ReactNode;
  searchable?: boolean;
}) => (
  <div className="gh-list-toolbar">
    {searchable && (
      <Input.Search
        key={keyword}
        className="gh-search"
        allowClear
        defaultValue={keyword}
        placeholder={placeholder}
        aria-label={placeholder}
        onSearch={(value) => onSearch(value.trim())}
      />
    )}
    <span className="gh-toolbar-spacer" />
    {action}
  </div>
);
