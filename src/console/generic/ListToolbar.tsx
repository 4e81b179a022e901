import { Input } from 'antd';
import type { ReactNode } from 'react';

/** Above a list: the search box on the left, the list's main action (if any) on the right. */
export const ListToolbar = ({
  placeholder,
  keyword,
  onSearch,
  action,
}: {
  placeholder: string;
  keyword: string;
  onSearch: (value: string) => void;
  action?: ReactNode;
}) => (
  <div className="gh-list-toolbar">
    <Input.Search
      key={keyword}
      className="gh-search"
      allowClear
      defaultValue={keyword}
      placeholder={placeholder}
      aria-label={placeholder}
      onSearch={(value) => onSearch(value.trim())}
    />
    <span className="gh-toolbar-spacer" />
    {action}
  </div>
);
