import { IDEA_CATEGORIES } from '@agora/shared';
import { Button, Container, Group, Paper, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { IdeaForm } from '../components/idea-form';

/** spec 02 §2 /share-idea (and /upload): needs a stored login token (the route's RequireAuth). */
export function ShareIdeaPage() {
  const navigate = useNavigate();
  return (
    <Container size="sm" py="lg">
      <Button
        component={Link}
        to="/ideas"
        variant="subtle"
        leftSection={<IconArrowLeft size={16} />}
        mb="sm"
        px={0}
      >
        Back to ideas
      </Button>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Title order={1} size="h2" mb={4}>
          Share Your Idea
        </Title>
        <Text c="dimmed" size="sm" mb="lg">
          Publish your idea, get feedback and find collaborators.
        </Text>
        <IdeaForm
          categories={IDEA_CATEGORIES}
          tagsAs="string"
          withContactInfo
          onShared={(idea) => navigate(`/idea/${idea._id}`)}
        />
      </Paper>
      <Group justify="center" mt="md">
        <Text size="xs" c="dimmed">
          Title, description and category are required.
        </Text>
      </Group>
    </Container>
  );
}
