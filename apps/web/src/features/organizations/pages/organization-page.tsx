import { ClaimOrganizationBody, ORGANIZATION_KIND_LABELS } from '@agora/shared';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Container,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck, IconRosetteDiscountCheckFilled } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-store';
import { zodValidate } from '../../../lib/form';
import { usePageTitle } from '../../../lib/page-title';
import { useClaimOrganization } from '../api/organization-actions';
import { useMoreOrganizationIdeas, useOrganization } from '../api/organizations';
import { TaggedIdeas } from '../components/tagged-ideas';
import u from '../../../components/utilities.module.css';

const validateClaim = zodValidate(ClaimOrganizationBody);

/** "I work here": e-mails a single-use link to an address at the organisation's domain. */
function ClaimForm({ id, domain }: { id: string; domain: string }) {
  const claim = useClaimOrganization(id);
  const form = useForm({ initialValues: { email: '' }, validate: validateClaim });
  if (claim.isSuccess) {
    return (
      <Alert color="green" icon={<IconMailCheck size={18} />} data-testid="claim-sent">
        {claim.data.message}
      </Alert>
    );
  }
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="form"
      noValidate
      onSubmit={form.onSubmit((v) => claim.mutate(v.email))}
    >
      <Stack gap="sm">
        <Text fw={600}>Work here? Verify to answer ideas officially</Text>
        <TextInput
          label="Your work e-mail"
          description={`An address at ${domain} (or one of its subdomains). We send a link that works once, for 24 hours.`}
          placeholder={`you@${domain}`}
          {...form.getInputProps('email')}
          error={
            form.errors.email ?? (claim.isError ? errorMessage(claim.error, 'Please try again.') : undefined)
          }
        />
        <Button type="submit" loading={claim.isPending} className={u.selfStart}>
          Send verification link
        </Button>
      </Stack>
    </Paper>
  );
}

export function OrganizationPage() {
  const { id = '' } = useParams();
  const { isLoggedIn } = useAuth();
  const org = useOrganization(id);
  const more = useMoreOrganizationIdeas(id, org.data?.nextCursor ?? null, Boolean(org.data?.nextCursor));
  usePageTitle(org.data ? `${org.data.name} — Organisations` : undefined);
  if (org.isError) {
    return (
      <Container size="md" py="lg">
        <Text>{errorMessage(org.error, 'Organisation not found')}</Text>
        <Anchor component={Link} to="/organizations">
          All organisations
        </Anchor>
      </Container>
    );
  }
  if (!org.data) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading organisation" />
      </Center>
    );
  }
  const o = org.data;
  const extra = more.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Container size="md" py="lg">
      <Stack gap="md">
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          <Group gap="xs">
            <Title order={1} size="h2">
              {o.name}
            </Title>
            {o.verified ? (
              <Badge color="blue" leftSection={<IconRosetteDiscountCheckFilled size={14} />} tt="none">
                Verified
              </Badge>
            ) : (
              <Badge color="gray" tt="none">
                Not verified yet
              </Badge>
            )}
          </Group>
          <Text c="dimmed" mt={4}>
            {ORGANIZATION_KIND_LABELS[o.kind]} · {o.domain} · {o.memberCount}{' '}
            {o.memberCount === 1 ? 'verified member' : 'verified members'}
          </Text>
          {o.isMember ? (
            <Button component={Link} to={`/organization/${o._id}/inbox`} mt="md" variant="light">
              Open the inbox
            </Button>
          ) : null}
        </Paper>
        {isLoggedIn && !o.isMember ? <ClaimForm id={o._id} domain={o.domain} /> : null}
        <Title order={2} size="h4">
          Ideas that tag {o.name}
        </Title>
        <TaggedIdeas ideas={[...o.ideas, ...extra]} empty="No idea tags this organisation yet." />
        {more.hasNextPage || (o.nextCursor && !more.data) ? (
          <Button variant="default" loading={more.isFetching} onClick={() => void more.fetchNextPage()}>
            Load more
          </Button>
        ) : null}
      </Stack>
    </Container>
  );
}
