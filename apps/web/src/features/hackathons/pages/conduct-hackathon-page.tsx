import {
  HACKATHON_CATEGORIES,
  HACKATHON_FORM_ORDER,
  HACKATHON_LOCATION_TYPES,
  type Hackathon,
  HackathonFormSchema,
  type HackathonFormValues,
  hackathonDuration,
  LIMITS,
  MSG,
  splitHackathonTags,
} from '@agora/shared';
import {
  Alert,
  Box,
  Button,
  Center,
  CloseButton,
  Container,
  FileInput,
  Group,
  Image,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle, IconPhoto } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LoginFirst } from '../../../components/login-first';
import { getAuth, useAuth } from '../../../lib/auth-store';
import { validateAll, zodValidate } from '../../../lib/form';
import { showFormError } from '../../../lib/form-toasts';
import { useHackathon } from '../api/get-hackathon';
import { useSubmitHackathon } from '../api/submit-hackathon';
import { locationTypeLabel } from '../lib/format';

const EMPTY: HackathonFormValues = {
  title: '',
  description: '',
  category: '',
  tags: '',
  organizer: '',
  organizerEmail: '',
  organizerPhone: '',
  startDate: '',
  endDate: '',
  location: '',
  locationType: 'online',
  prizePool: '',
  judgingCriteria: '',
  requirements: '',
  additionalInfo: '',
};
type Values = HackathonFormValues;

/** An ISO instant as a datetime-local value in the viewer's time zone. */
function toLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** A saved hackathon as the form's values (editing a pending or rejected one). */
function valuesOf(h: Hackathon): Values {
  return {
    title: h.title,
    description: h.description,
    category: h.category,
    tags: h.tags.join(', '),
    organizer: h.organizer.name,
    organizerEmail: h.organizer.email ?? '',
    organizerPhone: h.organizer.phone ?? '',
    startDate: toLocalInput(h.eventDetails.startDate),
    endDate: toLocalInput(h.eventDetails.endDate),
    location: h.eventDetails.location ?? '',
    locationType: h.eventDetails.locationType,
    prizePool: h.prizes.prizePool,
    judgingCriteria: h.prizes.judgingCriteria ?? '',
    requirements: h.requirements ?? '',
    additionalInfo: h.additionalInfo ?? '',
  };
}

/** A datetime-local value (the viewer's local time) as an ISO instant; '' stays ''. */
function toIso(local: string): string {
  if (!local) return '';
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? local : d.toISOString();
}

function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" radius="md" component="fieldset" style={{ margin: 0, minWidth: 0 }}>
      <Title order={2} size="h4" component="legend" px={4}>
        {title}
      </Title>
      <Stack gap="sm" mt="xs">
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * /conduct-hackathon — the organiser form (spec 03 §2, §5); with `?edit=<id>` (Manage on My
 * Hackathons) its organiser's pending or rejected hackathon, filled in, resubmitted for review.
 */
export function ConductHackathonPage() {
  const [sp] = useSearchParams();
  const editId = sp.get('edit');
  useDocumentTitle(editId ? 'Edit hackathon — Agora' : 'Conduct a Hackathon — Agora');
  const { isLoggedIn } = useAuth();
  // Like /create-job: a signed-out organiser is asked to log in before filling in the form (a
  // draft typed first would be lost on the way through /login), and comes back here afterwards.
  if (!isLoggedIn) {
    return (
      <LoginFirst
        title="Conduct a Hackathon"
        message={`${MSG.hackathonAuth} Hackathons are reviewed by our admin team before they are published.`}
        back={{ to: '/hackathon-portal-info', label: 'Back to Hackathons' }}
        here={editId ? `/conduct-hackathon?edit=${encodeURIComponent(editId)}` : '/conduct-hackathon'}
      />
    );
  }
  return editId ? <EditLoader id={editId} /> : <HackathonForm />;
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

function HackathonForm({ hackathon }: { hackathon?: Hackathon }) {
  const navigate = useNavigate();
  const submit = useSubmitHackathon(hackathon?._id);
  const form = useForm<Values>({
    initialValues: hackathon ? valuesOf(hackathon) : EMPTY,
    validate: zodValidate(HackathonFormSchema),
  });
  const v = form.values;
  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const duration =
    v.startDate && v.endDate ? hackathonDuration(new Date(v.startDate), new Date(v.endDate)) : null;

  useEffect(() => {
    if (!image) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(image);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);

  const onImage = (file: File | null) => {
    if (!file) {
      setImage(null);
      return;
    }
    if (!file.type.startsWith('image/')) {
      notifications.show({
        color: 'red',
        title: MSG.hackathonImageInvalidTitle,
        message: MSG.hackathonImageInvalid,
      });
      return;
    }
    if (file.size > LIMITS.imageBytes) {
      notifications.show({
        color: 'red',
        title: MSG.hackathonImageTooLargeTitle,
        message: MSG.hackathonImageTooLarge,
      });
      return;
    }
    setImage(file);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    // spec 03 §5 check 1, then checks 2–9: every failing one on its field at once, the focus and
    // the toast on the first in the spec's order.
    if (!getAuth().token) {
      showFormError('hackathon', { title: MSG.hackathonAuthTitle, message: MSG.hackathonAuth });
      return;
    }
    const first = validateAll(form, HACKATHON_FORM_ORDER);
    if (first) {
      showFormError('hackathon', { title: MSG.validationErrorTitle, message: first.message });
      return;
    }
    const values = form.getValues();
    const body = new FormData();
    body.append('title', values.title.trim());
    body.append('description', values.description.trim());
    body.append(
      'organizer',
      JSON.stringify({
        name: values.organizer.trim(),
        email: values.organizerEmail.trim(),
        phone: values.organizerPhone.trim(),
      }),
    );
    body.append(
      'eventDetails',
      JSON.stringify({
        startDate: toIso(values.startDate),
        endDate: toIso(values.endDate),
        // Derived from the dates (the server derives it again).
        duration,
        location: values.location.trim(),
        locationType: values.locationType || 'online',
      }),
    );
    body.append(
      'prizes',
      JSON.stringify({ prizePool: values.prizePool.trim(), judgingCriteria: values.judgingCriteria.trim() }),
    );
    body.append('category', values.category);
    body.append('tags', JSON.stringify(splitHackathonTags(values.tags)));
    body.append('requirements', values.requirements.trim());
    body.append('additionalInfo', values.additionalInfo.trim());
    body.append('status', 'pending');
    if (image) body.append('image', image);
    submit.mutate(body, {
      onSuccess: () => {
        if (hackathon) {
          navigate('/my-hackathons');
          return;
        }
        // spec 03 §4: success clears the form.
        form.setValues(EMPTY);
        form.resetDirty(EMPTY);
        setImage(null);
      },
    });
  };

  return (
    <Container size="md" py="xl">
      <Stack gap={4} mb="lg">
        <Title order={1}>{hackathon ? 'Edit Your Hackathon' : 'Conduct a Hackathon'}</Title>
        <Text c="dimmed">
          {hackathon
            ? 'Your changes are submitted for review again; the admin team reviews them before it is published.'
            : 'Tell us about your event. The admin team reviews it before it is published.'}
        </Text>
        {hackathon?.status === 'rejected' && hackathon.rejectionReason ? (
          <Alert color="red" variant="light" title="Reason it was not approved" mt="sm">
            {hackathon.rejectionReason}
          </Alert>
        ) : null}
      </Stack>
      <form onSubmit={onSubmit} noValidate aria-label="Conduct a Hackathon">
        <Stack gap="lg">
          <FormSection title="Basic Information">
            <TextInput label="Hackathon Title" required {...form.getInputProps('title')} maxLength={200} />
            <Textarea
              label="Description"
              required
              autosize
              minRows={4}
              {...form.getInputProps('description')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label="Category"
                required
                placeholder="Select a category"
                data={[...HACKATHON_CATEGORIES]}
                {...form.getInputProps('category')}
                value={v.category || null}
                onChange={(c) => form.setFieldValue('category', c ?? '')}
              />
              <TextInput
                label="Tags"
                description="Separate tags with commas"
                placeholder="AI, sustainability, beginners"
                {...form.getInputProps('tags')}
              />
            </SimpleGrid>
          </FormSection>

          <FormSection title="Organizer Information">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Organizer Name" required {...form.getInputProps('organizer')} />
              <TextInput
                label="Organizer Email"
                type="email"
                required
                {...form.getInputProps('organizerEmail')}
              />
            </SimpleGrid>
            <TextInput label="Organizer Phone" type="tel" {...form.getInputProps('organizerPhone')} />
          </FormSection>

          <FormSection title="Event Details">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Start Date & Time"
                type="datetime-local"
                required
                {...form.getInputProps('startDate')}
              />
              <TextInput
                label="End Date & Time"
                type="datetime-local"
                required
                {...form.getInputProps('endDate')}
              />
              <TextInput
                label="Duration"
                required
                readOnly
                value={duration ?? ''}
                placeholder="Set by the start and end dates"
                description="Worked out from the dates"
                data-testid="duration"
              />
              <Select
                label="Location Type"
                required
                data={HACKATHON_LOCATION_TYPES.map((t) => ({ value: t, label: locationTypeLabel(t) }))}
                {...form.getInputProps('locationType')}
                allowDeselect={false}
                onChange={(t) =>
                  form.setFieldValue('locationType', (t ?? 'online') as Values['locationType'])
                }
              />
            </SimpleGrid>
            <TextInput
              label="Location"
              placeholder="Venue and city, or the platform for an online event"
              {...form.getInputProps('location')}
            />
          </FormSection>

          <FormSection title="Prizes & Requirements">
            <TextInput
              label="Prize Pool"
              required
              placeholder="₹1,00,000 in prizes"
              {...form.getInputProps('prizePool')}
            />
            <Textarea
              label="Judging Criteria"
              autosize
              minRows={2}
              {...form.getInputProps('judgingCriteria')}
            />
            <Textarea label="Requirements" autosize minRows={2} {...form.getInputProps('requirements')} />
          </FormSection>

          <FormSection title="Hackathon Image (optional)">
            <FileInput
              label="Image"
              description="JPG, PNG, GIF or another image type, up to 5MB"
              placeholder="Choose an image"
              accept="image/*"
              leftSection={<IconPhoto size={16} />}
              value={image}
              onChange={onImage}
              clearable
            />
            {preview ? (
              <Box pos="relative" maw={420}>
                <Image src={preview} alt="Preview of the hackathon image" radius="md" mah={240} fit="cover" />
                <CloseButton
                  pos="absolute"
                  top={8}
                  right={8}
                  variant="white"
                  aria-label="Remove image"
                  onClick={() => setImage(null)}
                />
              </Box>
            ) : null}
          </FormSection>

          <FormSection title="Additional Information">
            <Textarea
              label="Additional Information"
              autosize
              minRows={3}
              {...form.getInputProps('additionalInfo')}
            />
          </FormSection>

          <Alert color="blue" icon={<IconInfoCircle size={18} />} title="Review Process">
            Your hackathon will be reviewed by our admin team within 24-48 hours. You will receive an email
            notification about the status of your submission.
          </Alert>

          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              component={Link}
              to={hackathon ? '/my-hackathons' : '/hackathon-portal-info'}
            >
              Cancel
            </Button>
            <Button type="submit" loading={submit.isPending}>
              {hackathon ? 'Resubmit for Review' : 'Submit for Review'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Container>
  );
}
