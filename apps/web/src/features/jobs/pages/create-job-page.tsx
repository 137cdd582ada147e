import {
  type JOB_EMPLOYMENT_TYPES,
  JOB_FORM_CATEGORIES,
  JOB_FORM_LEVELS,
  type JobCreateBody,
  MSG,
  splitSkills,
} from '@agora/shared';
import {
  Alert,
  Button,
  Checkbox,
  Container,
  Group,
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
import { notifications } from '@mantine/notifications';
import { IconInfoCircle, IconLogin } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { setRedirectAfterLogin, useAuth } from '../../../lib/auth-store';
import { useCreateJob } from '../api/create-job';
import { LogoPicker } from '../components/logo-picker';

/** The fields in the order the form shows them: the first with a problem gets the focus. */
const FIELD_ORDER = [
  'title',
  'category',
  'description',
  'requirements',
  'skills',
  'companyName',
  'companyWebsite',
  'city',
  'state',
  'country',
  'salary',
  'experience',
  'education',
  'applicationDeadline',
  'benefits',
  'contactEmail',
] as const;

interface FormValues {
  title: string;
  category: string | null;
  type: string;
  level: string;
  description: string;
  requirements: string;
  skills: string;
  companyName: string;
  companyWebsite: string;
  companyLogo: string;
  city: string;
  state: string;
  country: string;
  isRemote: boolean;
  salary: string;
  experience: string;
  education: string;
  benefits: string;
  applicationDeadline: string;
  contactEmail: string;
}

/** spec 03 §3 create-form order: Full-time (default), Part-time, Contract, Internship, Freelance. */
const JOB_TYPE_OPTIONS: Array<(typeof JOB_EMPLOYMENT_TYPES)[number]> = [
  'Full-time',
  'Part-time',
  'Contract',
  'Internship',
  'Freelance',
];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const isHttpUrl = (v: string) => {
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.includes('.');
  } catch {
    return false;
  }
};
const localToday = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

function FormSection({ title, children }: { title: string; children: ReactNode }) {
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

/** /create-job — spec 03 §2, §3, §5, §8: a posting goes to the admins for approval. */
export function CreateJobPage() {
  const { isLoggedIn } = useAuth();
  const navigate = useNavigate();
  const create = useCreateJob();
  const busy = create.isPending;
  const form = useForm<FormValues>({
    initialValues: {
      title: '',
      category: null,
      type: 'Full-time',
      level: 'Mid-level',
      description: '',
      requirements: '',
      skills: '',
      companyName: '',
      companyWebsite: '',
      companyLogo: '',
      city: '',
      state: '',
      country: 'India',
      isRemote: false,
      salary: '',
      experience: '',
      education: '',
      benefits: '',
      applicationDeadline: '',
      contactEmail: '',
    },
    validate: {
      category: (v) => (v ? null : 'Please select a category'),
      contactEmail: (v) =>
        !v.trim()
          ? 'Please enter a contact email'
          : EMAIL.test(v.trim())
            ? null
            : 'Please enter a valid email address',
      companyWebsite: (v) =>
        !v.trim() || isHttpUrl(v.trim()) ? null : 'Please enter a valid URL (https://…)',
      applicationDeadline: (v) =>
        !v || v >= localToday() ? null : 'The application deadline cannot be in the past',
    },
  });

  if (!isLoggedIn) {
    return (
      <Container size="sm" py="xl">
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" ta="center" gap="sm">
            <Title order={1} size="h2">
              Create Job Posting
            </Title>
            <Text c="dimmed">
              Please log in to post a job. Postings are reviewed by our admin team before they go live.
            </Text>
            <Group>
              <Button
                component={Link}
                to="/login"
                leftSection={<IconLogin size={16} aria-hidden />}
                onClick={() => setRedirectAfterLogin('/create-job')}
              >
                Log In
              </Button>
              <Button variant="default" component={Link} to="/jobhubs">
                Back to Jobs
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Container>
    );
  }

  /**
   * The field's visible input (form.getInputNode: by data-path, so not a Select's hidden input nor
   * the page's <meta name="description">), brought into view and focused.
   */
  const focusField = (field: string) => {
    const node = form.getInputNode(field as keyof FormValues);
    node?.scrollIntoView({ block: 'center' });
    node?.focus({ preventScroll: true });
  };

  /**
   * spec 03 §5: title, description, company name and city, checked before anything is sent (with
   * the spec's toast); the other rules at the same time, so every problem shows at once and the
   * focus goes to the first one down the form.
   */
  const check = (v: FormValues) => {
    const { errors } = form.validate();
    const missing = (['title', 'description', 'companyName', 'city'] as const).filter((k) => !v[k].trim());
    for (const k of missing) form.setFieldError(k, MSG.jobMissing);
    if (missing.length)
      notifications.show({ color: 'red', title: MSG.jobMissingTitle, message: MSG.jobMissing });
    const wrong = new Set<string>([...Object.keys(errors), ...missing]);
    const first = FIELD_ORDER.find((k) => wrong.has(k));
    if (first) focusField(first);
    return wrong.size === 0;
  };

  const submit = (v: FormValues) => {
    const body: JobCreateBody = {
      title: v.title.trim(),
      description: v.description.trim(),
      company: {
        name: v.companyName.trim(),
        website: v.companyWebsite.trim() || undefined,
        logo: v.companyLogo.trim() || undefined,
      },
      location: {
        city: v.city.trim(),
        state: v.state.trim() || undefined,
        country: v.country.trim() || 'India',
      },
      isRemote: v.isRemote,
      category: v.category ?? undefined,
      type: v.type as JobCreateBody['type'],
      level: v.level,
      salary: v.salary.trim() || undefined,
      requirements: v.requirements.trim() || undefined,
      benefits: v.benefits.trim() || undefined,
      skills: splitSkills(v.skills),
      experience: v.experience.trim() || undefined,
      education: v.education.trim() || undefined,
      applicationDeadline: v.applicationDeadline || undefined,
      contactEmail: v.contactEmail.trim(),
    };
    create.mutate(body, {
      onSuccess: () => {
        notifications.show({ color: 'green', title: MSG.jobSubmittedTitle, message: MSG.jobSubmitted });
        navigate('/jobhubs');
      },
      onError: (err) => {
        notifications.show({
          color: 'red',
          title: MSG.jobSubmitFailedTitle,
          message:
            err instanceof NetworkError
              ? MSG.jobSubmitNetwork
              : (err instanceof ApiError && err.message) || MSG.jobSubmitFailed,
        });
      },
    });
  };

  return (
    <Container size="md" py="xl">
      <Stack gap={4} mb="lg">
        <Title order={1}>Create Job Posting</Title>
        <Text c="dimmed">Fields marked * are required.</Text>
      </Stack>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (busy) return;
          const values = form.getValues();
          if (!check(values)) return;
          submit(values);
        }}
      >
        <Stack gap="lg">
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

          <FormSection title="Location">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput
                label="City"
                name="city"
                withAsterisk
                maxLength={100}
                {...form.getInputProps('city')}
              />
              <TextInput label="State" name="state" maxLength={100} {...form.getInputProps('state')} />
              <TextInput label="Country" name="country" maxLength={100} {...form.getInputProps('country')} />
            </SimpleGrid>
            <Checkbox
              label="This is a remote position"
              name="isRemote"
              {...form.getInputProps('isRemote', { type: 'checkbox' })}
            />
          </FormSection>

          <FormSection title="Additional Details">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Salary Range"
                name="salary"
                description="Annual, in USD (shown in rupees for jobs in India)"
                placeholder="e.g. 60000 - 90000"
                maxLength={100}
                {...form.getInputProps('salary')}
              />
              <TextInput
                label="Experience"
                name="experience"
                placeholder="e.g. 3-5 years"
                maxLength={500}
                {...form.getInputProps('experience')}
              />
              <TextInput
                label="Education"
                name="education"
                placeholder="e.g. Bachelor's degree"
                maxLength={500}
                {...form.getInputProps('education')}
              />
              <TextInput
                label="Application Deadline"
                name="applicationDeadline"
                type="date"
                min={localToday()}
                {...form.getInputProps('applicationDeadline')}
              />
            </SimpleGrid>
            <Textarea
              label="Benefits"
              name="benefits"
              autosize
              minRows={2}
              maxLength={5000}
              placeholder="Health insurance, flexible hours…"
              {...form.getInputProps('benefits')}
            />
            <TextInput
              label="Contact Email"
              name="contactEmail"
              type="email"
              withAsterisk
              description="Applicants will send their applications here"
              maxLength={254}
              {...form.getInputProps('contactEmail')}
            />
          </FormSection>

          <Alert variant="light" icon={<IconInfoCircle size={18} />} title="Review Process">
            Your posting is reviewed by our admin team before it appears on the Jobs Hub. You will be notified
            once it's approved.
          </Alert>

          <Group justify="flex-end">
            <Button variant="default" component={Link} to="/jobhubs" disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={false} disabled={busy}>
              {busy ? 'Submitting...' : 'Submit for Approval'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Container>
  );
}
