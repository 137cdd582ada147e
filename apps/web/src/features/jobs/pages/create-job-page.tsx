import { JOB_SPEC_REQUIRED, type Job, jobFormSchema, MSG, salaryLine } from '@agora/shared';
import { Alert, Button, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { LoginFirst } from '../../../components/login-first';
import { useAuth } from '../../../lib/auth-store';
import { showServerErrors, validateAll, zodValidate } from '../../../lib/form';
import { clearFormErrors, showFormError } from '../../../lib/form-toasts';
import { useCreateJob } from '../api/create-job';
import { useJob } from '../api/get-job';
import { useUpdateJob } from '../api/update-job';
import { AdditionalDetailsSection } from '../components/job-additional-section';
import {
  CompanySection,
  FormSection,
  JobDetailsSection,
  LocationSection,
  localToday,
} from '../components/job-form-sections';
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
          <JobDetailsSection form={form} />
          <CompanySection form={form} />
          <LocationSection form={form} currencyChosen={currencyChosen} />
          <AdditionalDetailsSection
            form={form}
            preview={preview}
            savedText={
              job?.salary.text && job.salary.min == null && job.salary.max == null ? job.salary.text : null
            }
            onCurrencyChosen={() => setCurrencyChosen(true)}
          />
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
