import { Box, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { JobsSearchBar } from './jobs-search-bar';
import classes from './jobs-page.module.css';

/** The top of /jobhubs: the title, the poster's and applicant's own pages, and the search bar. */
export function JobsHero({
  isLoggedIn,
  search,
  location,
  onSearch,
}: {
  isLoggedIn: boolean;
  search: string;
  location: string;
  onSearch: (v: { search: string; location: string }) => void;
}) {
  return (
    <Box py={{ base: 'lg', sm: 40 }} className={classes.hero}>
      <Container size="xl">
        <Group justify="space-between" align="flex-end" mb="md" wrap="wrap" gap="sm">
          <Stack gap={4}>
            <Title order={1}>Jobs Hub</Title>
            <Text c="dimmed">Find your next role, or post one for the community.</Text>
          </Stack>
          <Group gap="sm">
            {isLoggedIn ? (
              <>
                <Button variant="default" component={Link} to="/my-applications">
                  My Applications
                </Button>
                <Button variant="default" component={Link} to="/my-jobs">
                  My Jobs
                </Button>
              </>
            ) : null}
            <Button component={Link} to="/create-job" leftSection={<IconPlus size={16} aria-hidden />}>
              Post a Job
            </Button>
          </Group>
        </Group>
        <Paper withBorder shadow="xs" p={{ base: 'sm', sm: 'md' }} radius="md">
          <JobsSearchBar search={search} location={location} onSubmit={onSearch} />
        </Paper>
      </Container>
    </Box>
  );
}
