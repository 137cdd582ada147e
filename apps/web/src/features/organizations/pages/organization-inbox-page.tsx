import { Anchor, Button, Center, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { useInbox, useOrganization } from '../api/organizations';
import { TaggedIdeas } from '../components/tagged-ideas';

/** The members' inbox: every idea that tags the organisation, and whether it has answered. */
export function OrganizationInboxPage() {
  const { id = '' } = useParams();
  const org = useOrganization(id);
  const inbox = useInbox(id);
  usePageTitle(org.data ? `Inbox — ${org.data.name}` : undefined);
  const items = inbox.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Container size="md" py="lg">
      <Stack gap="md">
        <Title order={1} size="h2">
          {org.data ? `${org.data.name}: inbox` : 'Inbox'}
        </Title>
        <Anchor component={Link} to={`/organization/${id}`} size="sm">
          Organisation page
        </Anchor>
        {inbox.isError ? (
          <Text c="red">{errorMessage(inbox.error, 'Could not load the inbox.')}</Text>
        ) : inbox.isPending ? (
          <Center py="lg">
            <Loader aria-label="Loading inbox" />
          </Center>
        ) : (
          <TaggedIdeas ideas={items} empty="No idea tags your organisation yet." />
        )}
        {inbox.hasNextPage ? (
          <Button
            variant="default"
            loading={inbox.isFetchingNextPage}
            onClick={() => void inbox.fetchNextPage()}
          >
            Load more
          </Button>
        ) : null}
      </Stack>
    </Container>
  );
}
