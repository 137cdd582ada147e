import {
  currencyForCountry,
  type JOB_EMPLOYMENT_TYPES,
  JOB_FORM_CATEGORIES,
  JOB_FORM_LEVELS,
} from '@agora/shared';
import { Checkbox, Paper, Select, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import type { FormValues } from '../lib/job-form';
import { LogoPicker } from './logo-picker';

type JobFormApi = UseFormReturnType<FormValues>;

/** spec 03 §3 create-form order: Full-time (default), Part-time, Contract, Internship, Freelance. */
const JOB_TYPE_OPTIONS: Array<(typeof JOB_EMPLOYMENT_TYPES)[number]> = [
  'Full-time',
  'Part-time',
  'Contract',
  'Internship',
  'Freelance',
];
export const localToday = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={id}>
      <Title order={2} size="h4" mb="md" id={id}>
        {title}
      </Title>
      <Stack gap="md">{children}</Stack>
    </Paper>
  );
}

/** Title, category, type, level, description, requirements and skills. */
export function JobDetailsSection({ form }: { form: JobFormApi }) {
  return (
    <FormSection title="Job Details">
      <TextInput
        label="Job Title"
        name="title"
        withAsterisk
        maxLength={200}
        placeholder="e.g. Senior Frontend Developer"
        {...form.getInputProps('title')}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Select
          label="Category"
          name="category"
          withAsterisk
          placeholder="Select a category"
          data={[...JOB_FORM_CATEGORIES]}
          searchable
          {...form.getInputProps('category')}
        />
        <Select
          label="Job Type"
          name="type"
          data={JOB_TYPE_OPTIONS}
          allowDeselect={false}
          {...form.getInputProps('type')}
        />
        <Select
          label="Experience Level"
          name="level"
          data={[...JOB_FORM_LEVELS]}
          allowDeselect={false}
          {...form.getInputProps('level')}
        />
      </SimpleGrid>
      <Textarea
        label="Job Description"
        name="description"
        withAsterisk
        rows={6}
        maxLength={10_000}
        placeholder="What will this person do? What does the team work on?"
        {...form.getInputProps('description')}
      />
      <Textarea
        label="Requirements"
        name="requirements"
        autosize
        minRows={3}
        maxLength={5000}
        placeholder="Qualifications and must-haves"
        {...form.getInputProps('requirements')}
      />
      <TextInput
        label="Skills"
        name="skills"
        description="Separate skills with commas"
        placeholder="React, TypeScript, Node.js"
        maxLength={2000}
        {...form.getInputProps('skills')}
      />
    </FormSection>
  );
}

/** Company name, website and logo. */
export function CompanySection({ form }: { form: JobFormApi }) {
  return (
    <FormSection title="Company Details">
      <TextInput
        label="Company Name"
        name="companyName"
        withAsterisk
        maxLength={500}
        {...form.getInputProps('companyName')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Company Website"
          name="companyWebsite"
          type="url"
          placeholder="https://example.com"
          maxLength={500}
          {...form.getInputProps('companyWebsite')}
        />
        <LogoPicker
          value={form.values.companyLogo}
          companyName={form.values.companyName}
          onChange={(url) => form.setFieldValue('companyLogo', url)}
        />
      </SimpleGrid>
    </FormSection>
  );
}

/** City, state and country (the currency follows the country until the poster picks one), remote. */
export function LocationSection({ form, currencyChosen }: { form: JobFormApi; currencyChosen: boolean }) {
  const countryProps = form.getInputProps('country');
  return (
    <FormSection title="Location">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput label="City" name="city" withAsterisk maxLength={100} {...form.getInputProps('city')} />
        <TextInput label="State" name="state" maxLength={100} {...form.getInputProps('state')} />
        <TextInput
          label="Country"
          name="country"
          maxLength={100}
          {...countryProps}
          onChange={(e) => {
            countryProps.onChange(e);
            if (!currencyChosen) {
              form.setFieldValue('salaryCurrency', currencyForCountry(e.currentTarget.value));
            }
          }}
        />
      </SimpleGrid>
      <Checkbox
        label="This is a remote position"
        name="isRemote"
        {...form.getInputProps('isRemote', { type: 'checkbox' })}
      />
    </FormSection>
  );
}
