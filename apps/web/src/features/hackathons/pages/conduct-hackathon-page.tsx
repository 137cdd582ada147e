import { MSG } from '@agora/shared';
import { Alert, Center, Container, Loader } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link, useSearchParams } from 'react-router';
import { LoginFirst } from '../../../components/login-first';
import { useAuth } from '../../../lib/auth-store';
import { useHackathon } from '../api/get-hackathon';
import { HackathonForm } from '../components/hackathon-form';
import { ideaPrefill } from '../lib/hackathon-form';

/**
 * /conduct-hackathon — the organiser form (spec 03 §2, §5); with `?edit=<id>` (Manage on My
 * Hackathons) its organiser's pending or rejected hackathon, filled in, resubmitted for review;
 * with `?ideaId=&title=&description=` ("Propose as a hackathon challenge" on an idea page) a new
 * one with the idea's words, linked to the idea.
 */
export function ConductHackathonPage() {
  const [sp, setSp] = useSearchParams();
  const editId = sp.get('edit');
  useDocumentTitle(editId ? 'Edit hackathon — Agora' : 'Conduct a Hackathon — Agora');
  const { isLoggedIn } = useAuth();
  // Like /create-job: a signed-out organiser is asked to log in before filling in the form (a
  // draft typed first would be lost on the way through /login), and comes back here afterwards,
  // to the same address (an idea's words included).
  if (!isLoggedIn) {
    return (
      <LoginFirst
        title="Conduct a Hackathon"
        message={`${MSG.hackathonAuth} Hackathons are reviewed by our admin team before they are published.`}
        back={{ to: '/hackathon-portal-info', label: 'Back to Hackathons' }}
        here={sp.toString() ? `/conduct-hackathon?${sp.toString()}` : '/conduct-hackathon'}
      />
    );
  }
  if (editId) return <EditLoader id={editId} />;
  const idea = ideaPrefill(sp);
  return (
    <HackathonForm
      // A new idea in the address is a new form.
      key={idea?.ideaId ?? 'blank'}
      idea={idea}
      onIdeaUsed={() => setSp({}, { replace: true })}
    />
  );
}

function EditLoader({ id }: { id: string }) {
  const { user } = useAuth();
  const h = useHackathon(id);
  if (h.isPending) {
    return (
      <Container size="md" py="xl">
        <Center>
          <Loader aria-label="Loading your hackathon" />
        </Center>
      </Container>
    );
  }
  if (h.isError || h.data.author.id !== user?.id) {
    return (
      <Container size="sm" py="xl">
        <Alert color="red" title={MSG.hackathonNotFound}>
          This hackathon does not exist or is not yours to edit.{' '}
          <Link to="/my-hackathons">My Hackathons</Link>
        </Alert>
      </Container>
    );
  }
  if (h.data.status === 'published') {
    return (
      <Container size="sm" py="xl">
        <Alert color="blue" title="This hackathon is published">
          A published hackathon cannot be edited here; contact the admin team for changes.{' '}
          <Link to={`/hackathon/${id}`}>Open its page</Link> to see participants and mark the winners.
        </Alert>
      </Container>
    );
  }
  return <HackathonForm hackathon={h.data} />;
}
