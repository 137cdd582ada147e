import {
  firstHackathonFormError,
  HACKATHON_CATEGORIES,
  HACKATHON_DURATIONS,
  HACKATHON_LOCATION_TYPES,
  LIMITS,
  MSG,
  splitHackathonTags,
} from '@agora/shared';
import {
  Alert,
  Box,
  Button,
  CloseButton,
  Container,
  FileInput,
  Group,
  Image,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle, IconPhoto } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { getAuth } from '../../../lib/auth-store';
import { useSubmitHackathon } from '../api/submit-hackathon';
import { locationTypeLabel } from '../lib/format';

const EMPTY = {
  title: '',
  description: '',
  category: '',
  tags: '',
  organizer: '',
  organizerEmail: '',
  organizerPhone: '',
  startDate: '',
  endDate: '',
  duration: '',
  location: '',
  locationType: 'online',
  prizePool: '',
  judgingCriteria: '',
  requirements: '',
  additionalInfo: '',
};
type Values = typeof EMPTY;

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

/** /conduct-hackathon — the organiser form (spec 03 §2, §5). */
export function ConductHackathonPage() {
  const submit = useSubmitHackathon();
  const [v, setValues] = useState<Values>(EMPTY);
  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const set = (k: keyof Values) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setValues((s) => ({ ...s, [k]: value }));
  };
  const setSelect = (k: keyof Values) => (value: string | null) =>
    setValues((s) => ({ ...s, [k]: value ?? '' }));

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
    // spec 03 §5 check 1, then checks 2–9 in order (the same function the server runs).
    if (!getAuth().token) {
      notifications.show({ color: 'red', title: MSG.hackathonAuthTitle, message: MSG.hackathonAuth });
      return;
    }
    const organizer = {
      name: v.organizer.trim(),
      email: v.organizerEmail.trim(),
      phone: v.organizerPhone.trim(),
    };
    const eventDetails = {
      startDate: toIso(v.startDate),
      endDate: toIso(v.endDate),
      duration: v.duration,
      location: v.location.trim(),
      locationType: v.locationType || 'online',
    };
    const prizes = { prizePool: v.prizePool.trim(), judgingCriteria: v.judgingCriteria.trim() };
    const problem = firstHackathonFormError({
      title: v.title,
      description: v.description,
      organizer,
      eventDetails,
      prizes,
      category: v.category,
    });
    const message = problem ?? (v.duration ? null : 'Please select a duration for your hackathon.');
    if (message) {
      notifications.show({ color: 'red', title: MSG.validationErrorTitle, message });
      return;
    }
    const form = new FormData();
    form.append('title', v.title.trim());
    form.append('description', v.description.trim());
    form.append('organizer', JSON.stringify(organizer));
    form.append('eventDetails', JSON.stringify({ ...eventDetails, duration: eventDetails.duration || null }));
    form.append('prizes', JSON.stringify(prizes));
    form.append('category', v.category);
    form.append('tags', JSON.stringify(splitHackathonTags(v.tags)));
    form.append('requirements', v.requirements.trim());
    form.append('additionalInfo', v.additionalInfo.trim());
    form.append('status', 'pending');
    if (image) form.append('image', image);
    submit.mutate(form, {
      onSuccess: () => {
        setValues(EMPTY);
        setImage(null);
      },
    });
  };

  return (
    <Container size="md" py="xl">
      <Stack gap={4} mb="lg">
        <Title order={1}>Conduct a Hackathon</Title>
        <Text c="dimmed">Tell us about your event. The admin team reviews it before it is published.</Text>
      </Stack>
      <form onSubmit={onSubmit} noValidate aria-label="Conduct a Hackathon">
        <Stack gap="lg">
          <FormSection title="Basic Information">
            <TextInput
              label="Hackathon Title"
              required
              value={v.title}
              onChange={set('title')}
              maxLength={200}
            />
            <Textarea
              label="Description"
              required
              autosize
              minRows={4}
              value={v.description}
              onChange={set('description')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label="Category"
                required
                placeholder="Select a category"
                data={[...HACKATHON_CATEGORIES]}
                value={v.category || null}
                onChange={setSelect('category')}
              />
              <TextInput
                label="Tags"
                description="Separate tags with commas"
                placeholder="AI, sustainability, beginners"
                value={v.tags}
                onChange={set('tags')}
              />
            </SimpleGrid>
          </FormSection>

          <FormSection title="Organizer Information">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Organizer Name" required value={v.organizer} onChange={set('organizer')} />
              <TextInput
                label="Organizer Email"
                type="email"
                required
                value={v.organizerEmail}
                onChange={set('organizerEmail')}
              />
            </SimpleGrid>
            <TextInput
              label="Organizer Phone"
              type="tel"
              value={v.organizerPhone}
              onChange={set('organizerPhone')}
            />
          </FormSection>

          <FormSection title="Event Details">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Start Date & Time"
                type="datetime-local"
                required
                value={v.startDate}
                onChange={set('startDate')}
              />
              <TextInput
                label="End Date & Time"
                type="datetime-local"
                required
                value={v.endDate}
                onChange={set('endDate')}
              />
              <Select
                label="Duration"
                required
                placeholder="Select duration"
                data={[...HACKATHON_DURATIONS]}
                value={v.duration || null}
                onChange={setSelect('duration')}
              />
              <Select
                label="Location Type"
                required
                data={HACKATHON_LOCATION_TYPES.map((t) => ({ value: t, label: locationTypeLabel(t) }))}
                value={v.locationType}
                allowDeselect={false}
                onChange={setSelect('locationType')}
              />
            </SimpleGrid>
            <TextInput
              label="Location"
              placeholder="Venue and city, or the platform for an online event"
              value={v.location}
              onChange={set('location')}
            />
          </FormSection>

          <FormSection title="Prizes & Requirements">
            <TextInput
              label="Prize Pool"
              required
              placeholder="₹1,00,000 in prizes"
              value={v.prizePool}
              onChange={set('prizePool')}
            />
            <Textarea
              label="Judging Criteria"
              autosize
              minRows={2}
              value={v.judgingCriteria}
              onChange={set('judgingCriteria')}
            />
            <Textarea
              label="Requirements"
              autosize
              minRows={2}
              value={v.requirements}
              onChange={set('requirements')}
            />
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
              value={v.additionalInfo}
              onChange={set('additionalInfo')}
            />
          </FormSection>

          <Alert color="blue" icon={<IconInfoCircle size={18} />} title="Review Process">
            Your hackathon will be reviewed by our admin team within 24-48 hours. You will receive an email
            notification about the status of your submission.
          </Alert>

          <Group justify="flex-end" gap="sm">
            <Button variant="default" component={Link} to="/hackathon-portal-info">
              Cancel
            </Button>
            <Button type="submit" loading={submit.isPending}>
              Submit for Review
            </Button>
          </Group>
        </Stack>
      </form>
    </Container>
  );
}
