import { TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

/** Milliseconds of quiet before a search asks the server. */
const searchPauseMs = 300;

/**
 * A list's search box, its text in the address: typing is held for a moment so the list asks once
 * per pause, not per key.
 */
export function ListSearch({
  value,
  onChange,
  ...input
}: Omit<TextInputProps, 'value' | 'onChange'> & { value: string; onChange: (value: string) => void }) {
  const [text, setText] = useState(value);
  const latest = useRef(onChange);
  latest.current = onChange;
  // The address changed elsewhere (back button, a link): show its search, keeping a trailing space.
  useEffect(() => setText((current) => (current.trim() === value ? current : value)), [value]);
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => latest.current(text), searchPauseMs);
    return () => clearTimeout(timer);
  }, [text, value]);
  return (
    <TextInput
      type="search"
      leftSection={<IconSearch size={16} />}
      style={{ flex: '1 1 220px', maxWidth: 360 }}
      {...input}
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
    />
  );
}
