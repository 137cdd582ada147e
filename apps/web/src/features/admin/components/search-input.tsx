import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';

/** Search box that reports after typing pauses (one request per pause, not per key). */
export function SearchInput({
  label,
  placeholder,
  onSearch,
}: {
  label: string;
  placeholder: string;
  onSearch(q: string): void;
}) {
  const [value, setValue] = useState('');
  const report = useDebouncedCallback((q: string) => onSearch(q.trim()), 300);
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value}
      onChange={(e) => {
        setValue(e.currentTarget.value);
        report(e.currentTarget.value);
      }}
      maxLength={200}
      flex="1 1 220px"
    />
  );
}
