import type { OrganizationSummary } from '@agora/shared';
import { Anchor, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { OrganizationPicker } from '../../organizations/components/organization-picker';

/**
 * The share form's organisations: the ones the idea will tag when it is created. Adding a missing
 * organisation opens in a new tab, so the half-written idea stays as it is.
 */
export function IdeaOrganizationsField({
  value,
  onChange,
  error,
}: {
  value: OrganizationSummary[];
  onChange: (orgs: OrganizationSummary[]) => void;
  error?: ReactNode;
}) {
  return (
    <Stack gap={4}>
      <OrganizationPicker value={value} onChange={onChange} error={error} />
      <Text size="xs" c="dimmed">
        Not listed?{' '}
        <Anchor href="/organizations" target="_blank" rel="noopener" size="xs">
          Add an organisation
        </Anchor>
      </Text>
    </Stack>
  );
}
