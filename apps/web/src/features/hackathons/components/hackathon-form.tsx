import {
  type Hackathon,
  HACKATHON_FORM_ORDER,
  HackathonFormSchema,
  hackathonDuration,
  LIMITS,
  MSG,
} from '@agora/shared';
import { Alert, Anchor, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBulb, IconInfoCircle } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { getAuth } from '../../../lib/auth-store';
import { validateAll, zodValidate } from '../../../lib/form';
import { showFormError } from '../../../lib/form-toasts';
import { useSubmitHackathon } from '../api/submit-hackathon';
import {
  EMPTY,
  hackathonFormData,
  type IdeaPrefill,
  initialValues,
  type Values,
} from '../lib/hackathon-form';
import {
  AdditionalInfoSection,
  BasicInfoSection,
  EventDetailsSection,
  ImageSection,
  OrganizerSection,
  PrizesSection,
} from './hackathon-form-sections';
import { showErrorToast } from '../../../lib/toasts';

/** The chosen banner, checked on choosing, and its preview URL (revoked when it changes). */
function useBanner() {
  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!image) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(image);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);

  const choose = (file: File | null) => {
    if (!file) {
      setImage(null);
      return;
    }
    if (!file.type.startsWith('image/')) {
      showErrorToast({ title: MSG.hackathonImageInvalidTitle, message: MSG.hackathonImageInvalid });
      return;
    }
    if (file.size > LIMITS.imageBytes) {
      showErrorToast({ title: MSG.hackathonImageTooLargeTitle, message: MSG.hackathonImageTooLarge });
      return;
    }
    setImage(file);
  };
  return { image, preview, choose };
}

/**
 * The organiser form (spec 03 §2, §5): a new hackathon — blank, or proposed from an idea with its
 * words — or, with `hackathon`, its organiser's pending or rejected one, resubmitted for review.
 */
export function HackathonForm({
  hackathon,
  idea,
  onIdeaUsed,
}: {
  hackathon?: Hackathon;
  idea?: IdeaPrefill;
  /** A hackathon proposed from the idea was submitted: the form is blank again, with no idea. */
  onIdeaUsed?: () => void;
}) {
  const navigate = useNavigate();
  const submit = useSubmitHackathon(hackathon?._id);
  const form = useForm<Values>({
    initialValues: initialValues(hackathon, idea),
    validate: zodValidate(HackathonFormSchema),
  });
  const v = form.values;
  const banner = useBanner();
  const duration =
    v.startDate && v.endDate ? hackathonDuration(new Date(v.startDate), new Date(v.endDate)) : null;
  const fromIdea = hackathon ? undefined : idea;

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
    const body = hackathonFormData(form.getValues(), {
      duration,
      image: banner.image,
      ideaId: fromIdea?.ideaId,
    });
    submit.mutate(body, {
      onSuccess: () => {
        if (hackathon) {
          navigate('/my-hackathons');
          return;
        }
        // spec 03 §4: success clears the form.
        form.setValues(EMPTY);
        form.resetDirty(EMPTY);
        banner.choose(null);
        if (fromIdea) onIdeaUsed?.();
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
        {fromIdea ? (
          <Alert
            color="grape"
            variant="light"
            icon={<IconBulb size={18} />}
            mt="sm"
            data-testid="hackathon-from-idea"
          >
            Proposed from the idea{' '}
            <Anchor component={Link} to={`/idea/${fromIdea.ideaId}`}>
              “{fromIdea.title}”
            </Anchor>
            : the hackathon will link back to it, and the idea will list it.
          </Alert>
        ) : null}
        {hackathon?.status === 'rejected' && hackathon.rejectionReason ? (
          <Alert color="red" variant="light" title="Reason it was not approved" mt="sm">
            {hackathon.rejectionReason}
          </Alert>
        ) : null}
      </Stack>
      <form onSubmit={onSubmit} noValidate aria-label="Conduct a Hackathon">
        <Stack gap="lg">
          <BasicInfoSection form={form} />
          <OrganizerSection form={form} />
          <EventDetailsSection form={form} duration={duration} />
          <PrizesSection form={form} />
          <ImageSection image={banner.image} preview={banner.preview} onChange={banner.choose} />
          <AdditionalInfoSection form={form} />

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
