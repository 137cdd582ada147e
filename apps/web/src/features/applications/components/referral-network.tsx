import { CAREER_MESSAGES, type NetworkPerson, PROFILE_LIMITS, type ReferralStatus } from '@agora/shared';
import { Alert, Badge, Button, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconUserShare } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useAskReferral } from '../api/referrals';
import classes from './applications.module.css';

/** A referral request's status in the applicant's words, with its colour. */
export const REFERRAL_STATUS: Record<ReferralStatus, { label: string; color: string }> = {
  pending: { label: 'Requested', color: 'blue' },
  accepted: { label: 'Accepted', color: 'green' },
  declined: { label: 'Declined', color: 'gray' },
};

export function ReferralStatusBadge({ status }: { status: ReferralStatus }) {
  const s = REFERRAL_STATUS[status];
  return (
    <Badge color={s.color} variant="light" data-testid="referral-status">
      {s.label}
    </Badge>
  );
}

/** The message to the person asked (optional, at most PROFILE_LIMITS.referralMessage characters). */
function AskReferralForm({
  applicationId,
  person,
  onClose,
}: {
  applicationId: string;
  person: NetworkPerson;
  onClose(): void;
}) {
  const ask = useAskReferral(applicationId);
  const form = useForm({
    initialValues: { message: '' },
    validate: {
      message: (v) =>
        v.trim().length > PROFILE_LIMITS.referralMessage
          ? `At most ${PROFILE_LIMITS.referralMessage} characters`
          : null,
    },
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((v) => {
        const message = v.message.trim();
        ask.mutate(
          { userId: person.id, ...(message ? { message } : {}) },
          {
            onSuccess: () => {
              notifications.show({
                color: 'green',
                title: `Asked ${person.displayName}`,
                message: CAREER_MESSAGES.referralRequested,
              });
              onClose();
            },
          },
        );
      })}
    >
      <Stack gap="xs">
        <Textarea
          label={`Message to ${person.displayName} (optional)`}
          placeholder="Why you would be a good fit, and how you know each other"
          autosize
          minRows={2}
          maxRows={6}
          maxLength={PROFILE_LIMITS.referralMessage}
          description={`${form.values.message.length}/${PROFILE_LIMITS.referralMessage}`}
          {...form.getInputProps('message')}
        />
        {ask.error ? (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(ask.error, 'Could not send the request. Please try again.')}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="compact-sm" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" size="compact-sm" loading={ask.isPending}>
            Send request
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * "People you know at <Company>": the viewer's followers and followees who work there, each with
 * the status of the referral asked of them, or (once the viewer has applied) a button to ask.
 */
export function ReferralNetwork({
  company,
  people,
  applicationId,
  canApply = false,
  statuses,
}: {
  company: string;
  people: readonly NetworkPerson[];
  /** The viewer's application to the job (not withdrawn), or null: only an applicant may ask. */
  applicationId: string | null;
  /** Without an application: whether the viewer may still apply (then they are told they can ask after). */
  canApply?: boolean;
  /** Referrer id → the status of the request already sent to them. */
  statuses: ReadonlyMap<string, ReferralStatus>;
}) {
  const [asking, setAsking] = useState<string | null>(null);
  return (
    <Stack gap="sm" component="section" aria-labelledby="referral-network-title">
      <Title order={2} size="h4" id="referral-network-title" className={classes.wrap}>
        People you know at {company}
      </Title>
      {applicationId || !canApply ? null : (
        <Text size="sm" c="dimmed">
          Once you have applied, you can ask them for a referral.
        </Text>
      )}
      <Stack gap="sm" component="ul" m={0} p={0} className={classes.plainList}>
        {people.map((p) => {
          const status = statuses.get(p.id);
          return (
            <Stack gap={6} component="li" key={p.id}>
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                <Stack gap={0} miw={0}>
                  <Text fw={600} size="sm" className={classes.wrap}>
                    {p.displayName}
                  </Text>
                  {p.headline ? (
                    <Text size="xs" c="dimmed" className={classes.wrap}>
                      {p.headline}
                    </Text>
                  ) : null}
                </Stack>
                {status ? (
                  <ReferralStatusBadge status={status} />
                ) : applicationId && asking !== p.id ? (
                  <Button
                    variant="light"
                    size="compact-sm"
                    leftSection={<IconUserShare size={14} aria-hidden />}
                    onClick={() => setAsking(p.id)}
                    aria-label={`Ask ${p.displayName} for a referral`}
                  >
                    Ask for a referral
                  </Button>
                ) : null}
              </Group>
              {applicationId && asking === p.id && !status ? (
                <AskReferralForm applicationId={applicationId} person={p} onClose={() => setAsking(null)} />
              ) : null}
            </Stack>
          );
        })}
      </Stack>
    </Stack>
  );
}
