import { IDEA_ORGANIZATIONS_MAX, ORGANIZATION_KIND_LABELS, type OrganizationSummary } from '@agora/shared';
import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { useOrganizationSearch } from '../api/organizations';

/**
 * Tag up to three organisations: searched on the server as one types (verified ones first); the
 * chosen ones stay listed whatever the current search finds.
 */
export function OrganizationPicker({
  value,
  onChange,
  error,
}: {
  value: OrganizationSummary[];
  onChange: (orgs: OrganizationSummary[]) => void;
  error?: ReactNode;
}) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 200);
  const found = useOrganizationSearch(q);
  const known = new Map<string, OrganizationSummary>(value.map((o) => [o._id, o]));
  for (const o of found.data ?? []) if (!known.has(o._id)) known.set(o._id, o);
  const data = [...known.values()].map((o) => ({
    value: o._id,
    label: `${o.name}${o.verified ? ' ✓' : ''} · ${ORGANIZATION_KIND_LABELS[o.kind]}`,
  }));
  return (
    <MultiSelect
      label={`Tag organisations (up to ${IDEA_ORGANIZATIONS_MAX})`}
      description="Optional: companies, governments or NGOs. Their verified members are notified and can respond."
      placeholder={value.length < IDEA_ORGANIZATIONS_MAX ? 'Search organisations' : undefined}
      data={data}
      value={value.map((o) => o._id)}
      onChange={(ids) => onChange(ids.map((id) => known.get(id)!).filter(Boolean))}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server already matched the text; Mantine's own filter would hide names matched mid-word.
      filter={({ options }) => options}
      maxValues={IDEA_ORGANIZATIONS_MAX}
      nothingFoundMessage={found.isFetching ? 'Searching…' : 'No organisation by that name'}
      comboboxProps={{ withinPortal: true }}
      error={error}
      data-testid="organization-picker"
    />
  );
}
