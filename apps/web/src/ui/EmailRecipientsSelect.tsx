import { useState } from 'react';
import { Select } from 'antd';
import { useMe } from '../session/me';
import { domainsOf, emailSuggestions } from './emailSuggestions';

interface TProps {
  value?: string[];
  onChange?: (value: string[]) => void;
  /** Preset recipients (user ids with their names as labels). */
  recipients?: { value: string; label: string }[];
  placeholder?: string;
  'aria-label'?: string;
}

/**
 * E-mail recipients as tags (an entry with "@" is an address, anything else a user id). While an
 * address is typed, the hosts are offered (product document, section 5): the domains already known
 * here (the user's own, the addresses chosen) first, then the common ones.
 */
export function EmailRecipientsSelect({ value = [], onChange, recipients = [], ...rest }: TProps) {
  const me = useMe();
  const [search, setSearch] = useState('');
  const suggestions = emailSuggestions(search, domainsOf([me.data?.email, ...value])).filter((s) => !value.includes(s));
  return (
    <Select
      {...rest}
      mode="tags"
      value={value}
      onChange={(next: string[]) => {
        setSearch('');
        onChange?.(next);
      }}
      tokenSeparators={[',', ';', ' ']}
      searchValue={search}
      onSearch={setSearch}
      options={[...recipients, ...suggestions.map((s) => ({ value: s, label: s }))]}
      filterOption={(_input, option) => suggestions.includes(String(option?.value))}
      open={suggestions.length > 0}
      suffixIcon={null}
      data-testid="email-recipients"
    />
  );
}
