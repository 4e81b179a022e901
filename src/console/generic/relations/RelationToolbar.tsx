import { Input } from 'antd';
import type { ReactNode } from 'react';

/** Search box on the left, the relation's main action on the right. */
export const RelationToolbar = ({
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
