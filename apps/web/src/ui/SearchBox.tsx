import { useEffect, useRef, useState } from 'react';
import { Input } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from './useDebouncedValue';

/** Search box with clear; reports the text 250 ms after the user stops typing (at once on clear). */
export function SearchBox({ value, onSearch, placeholder }: { value: string; onSearch: (text: string) => void; placeholder?: string }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const debounced = useDebouncedValue(text);
  const reported = useRef(value);
  useEffect(() => {
    if (debounced === reported.current) return;
    reported.current = debounced;
    onSearch(debounced);
  }, [debounced, onSearch]);
  return (
    <Input
      allowClear
      value={text}
      prefix={<SearchOutlined style={{ color: '#8a969e' }} />}
      placeholder={placeholder ?? t('list.search')}
      aria-label={placeholder ?? t('list.search')}
      onChange={(e) => {
        setText(e.target.value);
        if (e.target.value === '' && reported.current !== '') {
          reported.current = '';
          onSearch('');
        }
      }}
      style={{ width: '100%' }}
      data-testid="list-search"
    />
  );
}
