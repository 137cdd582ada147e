import { HACKATHON_CATEGORIES, HACKATHON_LOCATION_TYPES } from '@agora/shared';
import {
  Box,
  CloseButton,
  FileInput,
  Image,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPhoto } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { locationTypeLabel } from '../lib/format';
import type { Values } from '../lib/hackathon-form';
import classes from './hackathon-form.module.css';

type HackathonFormApi = UseFormReturnType<Values>;

function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" radius="md" component="fieldset" className={classes.section}>
      <Title order={2} size="h4" component="legend" px={4}>
        {title}
      </Title>
      <Stack gap="sm" mt="xs">
        {children}
      </Stack>
    </Paper>
  );
}

/** Title, description, category and tags. */
export function BasicInfoSection({ form }: { form: HackathonFormApi }) {
  const v = form.values;
  return (
    <FormSection title="Basic Information">
      <TextInput label="Hackathon Title" required {...form.getInputProps('title')} maxLength={200} />
      <Textarea label="Description" required autosize minRows={4} {...form.getInputProps('description')} />
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
  );
}

export function OrganizerSection({ form }: { form: HackathonFormApi }) {
  return (
    <FormSection title="Organizer Information">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Organizer Name" required {...form.getInputProps('organizer')} />
        <TextInput label="Organizer Email" type="email" required {...form.getInputProps('organizerEmail')} />
      </SimpleGrid>
      <TextInput label="Organizer Phone" type="tel" {...form.getInputProps('organizerPhone')} />
    </FormSection>
  );
}

/** The dates, the duration worked out from them, and where it happens. */
export function EventDetailsSection({ form, duration }: { form: HackathonFormApi; duration: string | null }) {
  return (
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
          onChange={(t) => form.setFieldValue('locationType', (t ?? 'online') as Values['locationType'])}
        />
      </SimpleGrid>
      <TextInput
        label="Location"
        placeholder="Venue and city, or the platform for an online event"
        {...form.getInputProps('location')}
      />
    </FormSection>
  );
}

export function PrizesSection({ form }: { form: HackathonFormApi }) {
  return (
    <FormSection title="Prizes & Requirements">
      <TextInput
        label="Prize Pool"
        required
        placeholder="₹1,00,000 in prizes"
        {...form.getInputProps('prizePool')}
      />
      <Textarea label="Judging Criteria" autosize minRows={2} {...form.getInputProps('judgingCriteria')} />
      <Textarea label="Requirements" autosize minRows={2} {...form.getInputProps('requirements')} />
    </FormSection>
  );
}

/** The optional banner with its preview; the checks on the chosen file are the form's (onChange). */
export function ImageSection({
  image,
  preview,
  onChange,
}: {
  image: File | null;
  preview: string | null;
  onChange: (file: File | null) => void;
}) {
  return (
    <FormSection title="Hackathon Image (optional)">
      <FileInput
        label="Image"
        description="JPG, PNG, GIF or another image type, up to 5MB"
        placeholder="Choose an image"
        accept="image/*"
        leftSection={<IconPhoto size={16} />}
        value={image}
        onChange={onChange}
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
            onClick={() => onChange(null)}
          />
        </Box>
      ) : null}
    </FormSection>
  );
}

export function AdditionalInfoSection({ form }: { form: HackathonFormApi }) {
  return (
    <FormSection title="Additional Information">
      <Textarea
        label="Additional Information"
        autosize
        minRows={3}
        {...form.getInputProps('additionalInfo')}
      />
    </FormSection>
  );
}
