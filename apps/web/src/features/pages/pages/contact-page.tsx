import { CONTACT_CATEGORIES, type ContactBody, MSG } from '@agora/shared';
import {
  Alert,
  Button,
  Card,
  Container,
  Grid,
  NativeSelect,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconCircleCheck,
  IconClock,
  IconMail,
  IconMessageCircle,
} from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-store';
import { useSendContact } from '../api/send-contact';

const EMPTY = { name: '', email: '', subject: '', category: '', message: '' };

/** spec 03 §2 /contact: name, email, subject, category, message; spec 03 §5/§8 messages. */
export function ContactPage() {
  const { user } = useAuth();
  const [form, setForm] = useState(() => ({ ...EMPTY, name: user?.name ?? '', email: user?.email ?? '' }));
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const send = useSendContact();

  const set = (k: keyof typeof EMPTY) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setForm((f) => ({ ...f, [k]: value }));
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setStatus(null);
    // spec 03 §5: name, email and message required after trimming; e-mail format is the server's job.
    if (!form.name.trim() || !form.email.trim() || !form.message.trim()) {
      setStatus({ ok: false, text: MSG.contactRequired });
      return;
    }
    send.mutate(
      {
        name: form.name.trim(),
        email: form.email.trim(),
        subject: form.subject.trim(),
        category: form.category as ContactBody['category'],
        message: form.message.trim(),
      },
      {
        onSuccess: () => {
          setStatus({ ok: true, text: MSG.contactSuccess });
          setForm({ ...EMPTY, name: user?.name ?? '', email: user?.email ?? '' });
        },
        onError: (err) => setStatus({ ok: false, text: errorMessage(err, MSG.contactFailed) }),
      },
    );
  };

  return (
    <Container size="lg" py={{ base: 32, sm: 56 }}>
      <Grid gap={{ base: 'lg', md: 48 }}>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <Title order={1}>Contact us</Title>
            <Text size="lg">
              Questions about a reward, a hackathon or a job posting? Feedback, a bug, or an idea for Agora
              itself? Write to us.
            </Text>
            <Stack gap="sm" mt="sm">
              <Text size="sm" c="dimmed">
                <IconClock size={18} aria-hidden style={{ verticalAlign: 'text-bottom' }} /> We reply within
                two working days.
              </Text>
              <Text size="sm" c="dimmed">
                <IconMessageCircle size={18} aria-hidden style={{ verticalAlign: 'text-bottom' }} /> Choosing
                a category helps us route your message to the right person.
              </Text>
              <Text size="sm" c="dimmed">
                <IconMail size={18} aria-hidden style={{ verticalAlign: 'text-bottom' }} /> Signed in? We fill
                in your name and e-mail for you.
              </Text>
            </Stack>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card
            withBorder
            radius="lg"
            padding="xl"
            component="form"
            onSubmit={onSubmit}
            noValidate
            aria-label="Contact form"
          >
            <Stack gap="md">
              {status ? (
                <Alert
                  color={status.ok ? 'teal' : 'red'}
                  icon={status.ok ? <IconCircleCheck size={20} /> : <IconAlertCircle size={20} />}
                  role={status.ok ? 'status' : 'alert'}
                  data-testid="contact-status"
                >
                  {status.text}
                </Alert>
              ) : null}
              <Grid gap="md">
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <TextInput
                    label="Name"
                    required
                    value={form.name}
                    onChange={set('name')}
                    autoComplete="name"
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <TextInput
                    label="Email"
                    type="email"
                    required
                    value={form.email}
                    onChange={set('email')}
                    autoComplete="email"
                  />
                </Grid.Col>
              </Grid>
              <TextInput label="Subject" value={form.subject} onChange={set('subject')} />
              <NativeSelect
                label="Category"
                value={form.category}
                onChange={set('category')}
                data={[{ value: '', label: 'Choose a category (optional)' }, ...CONTACT_CATEGORIES]}
              />
              <Textarea
                label="Message"
                required
                minRows={6}
                autosize
                value={form.message}
                onChange={set('message')}
              />
              <Button type="submit" loading={send.isPending} size="md">
                Send message
              </Button>
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
