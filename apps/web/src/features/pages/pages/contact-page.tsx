import { CONTACT_CATEGORIES, ContactBody, MSG } from '@agora/shared';
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
import { useForm } from '@mantine/form';
import {
  IconAlertCircle,
  IconCircleCheck,
  IconClock,
  IconMail,
  IconMessageCircle,
} from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { zodValidate } from '../../../lib/form';
import { useAuth } from '../../../lib/auth-store';
import { useSendContact } from '../api/send-contact';
import u from '../../../components/utilities.module.css';

const EMPTY = { name: '', email: '', subject: '', category: '', message: '' };
/** The server's own ContactBody: empty required fields are MSG.contactRequired (spec 03 §5). */
const contactRules = zodValidate(ContactBody);
const ORDER = ['name', 'email', 'subject', 'category', 'message'] as const;

/** spec 03 §2 /contact: name, email, subject, category, message; spec 03 §5/§8 messages. */
export function ContactPage() {
  const { user } = useAuth();
  const fresh = () => ({ ...EMPTY, name: user?.name ?? '', email: user?.email ?? '' });
  const contact = useForm({ initialValues: fresh() });
  // The page's one status line (spec 03 §5/§8): the check's sentence, the server's, or the thanks.
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const send = useSendContact();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setStatus(null);
    const form = contact.getValues();
    const errors = contactRules(form);
    const first = ORDER.find((k) => errors[k]);
    if (first) {
      setStatus({ ok: false, text: String(errors[first]) });
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
          contact.setValues(fresh());
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
                <IconClock size={18} aria-hidden className={u.iconInline} /> We reply within two working days.
              </Text>
              <Text size="sm" c="dimmed">
                <IconMessageCircle size={18} aria-hidden className={u.iconInline} /> Choosing a category helps
                us route your message to the right person.
              </Text>
              <Text size="sm" c="dimmed">
                <IconMail size={18} aria-hidden className={u.iconInline} /> Signed in? We fill in your name
                and e-mail for you.
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
                  <TextInput label="Name" required {...contact.getInputProps('name')} autoComplete="name" />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <TextInput
                    label="Email"
                    type="email"
                    required
                    {...contact.getInputProps('email')}
                    autoComplete="email"
                  />
                </Grid.Col>
              </Grid>
              <TextInput label="Subject" {...contact.getInputProps('subject')} />
              <NativeSelect
                label="Category"
                {...contact.getInputProps('category')}
                data={[{ value: '', label: 'Choose a category (optional)' }, ...CONTACT_CATEGORIES]}
              />
              <Textarea label="Message" required minRows={6} autosize {...contact.getInputProps('message')} />
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
