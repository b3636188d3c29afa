import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { trpc } from '../trpc/trpc.ts';

type Option = { value: string; label: string };

/**
 * A twin picker for admin forms: searches admin.talents.list by name as the admin types (the first
 * 50 matches) and keeps the chosen twin listed, so its label stays shown whatever is searched next.
 * Clearing it gives null.
 */
export function TalentSelect({
  value,
  onChange,
  ...props
}: Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange' | 'searchable'> & {
  value?: string | null;
  onChange: (talentId: string | null) => void;
}) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<Option | null>(null);
  // Picking an option puts its label in the box: that label is no name to search for.
  const [debouncedSearch] = useDebouncedValue(search === chosen?.label ? '' : search, 250);
  const talents = trpc.admin.talents.list.useQuery({ search: debouncedSearch });

  const found: Option[] = (talents.data?.items ?? []).map((talent) => ({
    value: talent.id,
    label: talent.tag ? `${talent.name} (@${talent.tag})` : talent.name,
  }));
  const data =
    chosen && value === chosen.value && !found.some((option) => option.value === chosen.value) ? [chosen, ...found] : found;

  return (
    <Select
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={
        talents.isFetching ? 'Searching…' : talents.isError ? 'Could not load the twins' : 'No twin with that name'
      }
      comboboxProps={{ withinPortal: true }}
      {...props}
      data={data}
      value={value ?? null}
      onChange={(next, option) => {
        setChosen(next ? option : null);
        onChange(next);
      }}
    />
  );
}
