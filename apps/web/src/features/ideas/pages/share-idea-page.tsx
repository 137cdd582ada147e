import { IDEA_SHARE_PAGE_CATEGORIES } from '@agora/shared';
import { Button, Container, Group, Paper, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { setRedirectAfterLogin, useAuth } from '../../../lib/auth-store';
import { IdeaForm } from '../components/idea-form';

/** spec 02 §2 /share-idea (and /upload): needs a stored login token, else goes to /login. */
export function ShareIdeaPage() {
  const { token } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    if (!token) {
      setRedirectAfterLogin(pathname);
      navigate('/login', { replace: true });
    }
  }, [token, navigate, pathname]);
  if (!token) return null;
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
          categories={IDEA_SHARE_PAGE_CATEGORIES}
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
