import { useState } from 'react';
import { Select, Spin } from 'antd';
import { useDebouncedValue } from './useDebouncedValue';
import { useGeoItem, useGeoOptions, type TGeoLevel } from './geoOptions';

interface TProps {
  level: TGeoLevel;
  parentId?: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
  disabled?: boolean;
  placeholder?: string;
  id?: string;
  'data-testid'?: string;
}

const LOAD_MORE_WITHIN_PX = 50;

/** Country, province or municipality: searchable, server paged (50), next page near the end of the list. */
export function GeoSelect({ level, parentId, value, onChange, disabled, placeholder, id, ...rest }: TProps) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, 250);
  const options = useGeoOptions(level, parentId, debounced);
  const current = useGeoItem(level, value);
  const items = options.data?.pages.flatMap((p) => p.items) ?? [];
  const list = value && current.data && !items.some((i) => i._id === value) ? [current.data, ...items] : items;
  return (
    <Select
      id={id}
      data-testid={rest['data-testid']}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      allowClear
      value={value ?? undefined}
      onChange={(v?: string) => {
        setSearch('');
        onChange?.(v ?? null);
      }}
      disabled={disabled}
      placeholder={placeholder}
      loading={options.isFetching}
      options={list.map((i) => ({ value: i._id, label: i.name }))}
      notFoundContent={options.isFetching ? <Spin size="small" /> : undefined}
      onPopupScroll={(event) => {
        const el = event.currentTarget as HTMLDivElement;
        if (options.hasNextPage && !options.isFetchingNextPage && el.scrollHeight - el.scrollTop - el.clientHeight <= LOAD_MORE_WITHIN_PX)
          void options.fetchNextPage();
      }}
    />
  );
}
