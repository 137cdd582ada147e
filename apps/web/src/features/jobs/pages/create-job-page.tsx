import {
  currencyForCountry,
  type JOB_EMPLOYMENT_TYPES,
  JOB_FORM_CATEGORIES,
  JOB_FORM_LEVELS,
  JOB_SPEC_REQUIRED,
  type Job,
  jobFormSchema,
  MSG,
  SALARY_CURRENCIES,
  salaryLine,
} from '@agora/shared';
import {
  Alert,
  Button,
  Checkbox,
  Container,
  Group,
  Loader,
  NumberInput,
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
import { IconInfoCircle } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { LoginFirst } from '../../../components/login-first';
import { useAuth } from '../../../lib/auth-store';
import { showServerErrors, validateAll, zodValidate } from '../../../lib/form';
import { clearFormErrors, showFormError } from '../../../lib/form-toasts';
import { useCreateJob } from '../api/create-job';
import { useJob } from '../api/get-job';
import { useUpdateJob } from '../api/update-job';
import { LogoPicker } from '../components/logo-picker';
import { ScreeningQuestionsField } from '../components/screening-questions-field';
import { bodyOf, EMPTY, type FormValues, hasFigures, screeningErrors, valuesOf } from '../lib/job-form';

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
  'salaryCurrency',
  'salaryMin',
  'salaryMax',
  'experience',
  'education',
  'applicationDeadline',
  'benefits',
  'contactEmail',
] as const;

/** A server 400's field paths → the form's fields. */
const SERVER_FIELDS: Record<string, string> = {
  'body.title': 'title',
  'body.description': 'description',
  'body.company.name': 'companyName',
  'body.company.website': 'companyWebsite',
  'body.company.logo': 'companyLogo',
  'body.location.city': 'city',
  'body.category': 'category',
  'body.contactEmail': 'contactEmail',
  'body.applicationDeadline': 'applicationDeadline',
  'body.salary': 'salaryMax',
  'body.screeningQuestions': 'screeningQuestions',
};

/** spec 03 §3 create-form order: Full-time (default), Part-time, Contract, Internship, Freelance. */
const JOB_TYPE_OPTIONS: Array<(typeof JOB_EMPLOYMENT_TYPES)[number]> = [
  'Full-time',
  'Part-time',
  'Contract',
  'Internship',
  'Freelance',
];
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
  useDocumentTitle('Post a job — Agora');
  return <JobFormGate />;
}

/** /job/:id/edit — its poster edits a posting; the edit goes back to the admins. */
export function EditJobPage() {
  const { id = '' } = useParams();
  useDocumentTitle('Edit job posting — Agora');
  return <JobFormGate editId={id} />;
}

function JobFormGate({ editId }: { editId?: string }) {
  const { isLoggedIn } = useAuth();
  if (!isLoggedIn) {
    const here = editId ? `/job/${editId}/edit` : '/create-job';
    return (
      <LoginFirst
        title={editId ? 'Edit Job Posting' : 'Create Job Posting'}
        message="Please log in to post a job. Postings are reviewed by our admin team before they go live."
        here={here}
        back={{ to: '/jobhubs', label: 'Back to Jobs' }}
      />
    );
  }
  return editId ? <EditLoader id={editId} /> : <JobForm />;
}

function EditLoader({ id }: { id: string }) {
  const { user } = useAuth();
  const job = useJob(id);
  if (job.isPending) {
    return (
      <Container size="md" py="xl">
        <Group justify="center">
          <Loader aria-label="Loading the posting" />
        </Group>
      </Container>
    );
  }
  if (job.isError || job.data.author.id !== user?.id) {
    return (
      <Container size="sm" py="xl">
        <Alert color="red" title="Job not found">
          This posting does not exist or is not yours to edit. <Link to="/my-jobs">Back to My Jobs</Link>
        </Alert>
      </Container>
    );
  }
  return <JobForm job={job.data} />;
}

function JobForm({ job }: { job?: Job }) {
  const navigate = useNavigate();
  const create = useCreateJob();
  const update = useUpdateJob(job?._id ?? '');
  const busy = create.isPending || update.isPending;
  const formRules = useMemo(() => zodValidate(jobFormSchema(localToday())), []);
  // The currency follows the country until the poster picks one (editing: their saved choice stands).
  const [currencyChosen, setCurrencyChosen] = useState(Boolean(job && hasFigures(job)));
  const form = useForm<FormValues>({
    initialValues: job ? valuesOf(job) : EMPTY,
    validate: (values) => ({ ...formRules(values), ...screeningErrors(values.screeningQuestions) }),
  });

  const countryProps = form.getInputProps('country');
  const currencyProps = form.getInputProps('salaryCurrency');
  const v = form.values;
  const amount = (x: number | string) => (typeof x === 'number' ? x : null);
  const preview =
    salaryLine(
      { min: amount(v.salaryMin), max: amount(v.salaryMax), currency: v.salaryCurrency, text: null },
      v.country,
    ) ?? null;

  /**
   * Every rule at once, each named on its field, the focus on the first one down the form; spec 03
   * §5's four fields keep the spec's toast ('Missing Information'), any other problem toasts its own.
   */
  const check = () => {
    const first = validateAll(form, FIELD_ORDER);
    if (!first) return true;
    const values = form.getValues();
    const specMissing = JOB_SPEC_REQUIRED.some((k) => !String(values[k]).trim());
    showFormError(
      'job',
      specMissing
        ? { title: MSG.jobMissingTitle, message: MSG.jobMissing }
        : { title: MSG.validationErrorTitle, message: first.message },
    );
    return false;
  };

  const submit = (v: FormValues) => {
    const body = bodyOf(v);
    const onError = (err: Error) => {
      if (err instanceof ApiError) showServerErrors(form, err.details, SERVER_FIELDS);
      showFormError('job', {
        title: MSG.jobSubmitFailedTitle,
        message:
          err instanceof NetworkError
            ? MSG.jobSubmitNetwork
            : (err instanceof ApiError && err.message) || MSG.jobSubmitFailed,
      });
    };
    if (job) {
      update.mutate(body, {
        onSuccess: () => {
          clearFormErrors('job');
          notifications.show({ color: 'green', title: 'Job Updated', message: MSG.jobResubmitted });
          navigate('/my-jobs');
        },
        onError,
      });
      return;
    }
    create.mutate(body, {
      onSuccess: () => {
        clearFormErrors('job');
        notifications.show({ color: 'green', title: MSG.jobSubmittedTitle, message: MSG.jobSubmitted });
        navigate('/jobhubs');
      },
      onError,
    });
  };

  return (
    <Container size="md" py="xl">
      <Stack gap={4} mb="lg">
        <Title order={1}>{job ? 'Edit Job Posting' : 'Create Job Posting'}</Title>
        <Text c="dimmed">
          {job
            ? 'Your changes go back to the admin team for review before they are listed.'
            : 'Fields marked * are required.'}
        </Text>
      </Stack>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (busy) return;
          if (!check()) return;
          submit(form.getValues());
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

          <FormSection title="Additional Details">
            <Stack gap={6}>
              <SimpleGrid cols={{ base: 1, xs: 3 }}>
                <Select
                  label="Salary currency"
                  name="salaryCurrency"
                  data={[...SALARY_CURRENCIES]}
                  allowDeselect={false}
                  {...currencyProps}
                  onChange={(c) => {
                    setCurrencyChosen(true);
                    currencyProps.onChange(c);
                  }}
                />
                <NumberInput
                  label="Minimum salary (per year)"
                  name="salaryMin"
                  min={0}
                  allowDecimal={false}
                  allowNegative={false}
                  thousandSeparator=","
                  thousandsGroupStyle={v.salaryCurrency === 'INR' ? 'lakh' : 'thousand'}
                  placeholder="e.g. 1800000"
                  {...form.getInputProps('salaryMin')}
                />
                <NumberInput
                  label="Maximum salary (per year)"
                  name="salaryMax"
                  min={0}
                  allowDecimal={false}
                  allowNegative={false}
                  thousandSeparator=","
                  thousandsGroupStyle={v.salaryCurrency === 'INR' ? 'lakh' : 'thousand'}
                  placeholder="e.g. 2600000"
                  {...form.getInputProps('salaryMax')}
                />
              </SimpleGrid>
              <Text size="sm" c="dimmed" aria-live="polite" data-testid="salary-preview">
                {preview
                  ? `Will read: ${preview}`
                  : job?.salary.text && job.salary.min == null && job.salary.max == null
                    ? `Will read: ${job.salary.text}`
                    : `Optional. The currency follows the country (${currencyForCountry(v.country)}) unless you pick one.`}
              </Text>
            </Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
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

          <FormSection title="Screening questions">
            <ScreeningQuestionsField form={form} />
          </FormSection>

          <Alert variant="light" icon={<IconInfoCircle size={18} />} title="Review Process">
            Your posting is reviewed by our admin team before it appears on the Jobs Hub. You will be notified
            once it's approved.
          </Alert>

          <Group justify="flex-end">
            <Button variant="default" component={Link} to={job ? '/my-jobs' : '/jobhubs'} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={false} disabled={busy}>
              {busy ? 'Submitting...' : job ? 'Resubmit for Approval' : 'Submit for Approval'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Container>
  );
}
