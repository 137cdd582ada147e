import { EMAIL_PREFERENCE_TEXT, type PublicUser } from '@agora/shared';
import { Card, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useUpdateMe } from '../api/me';
import { showError } from '../../../lib/toasts';

type Field = 'emailNotifications' | 'emailReminders' | 'ideaCommentNotifications';

const SWITCHES: Array<{
  field: Field;
  label: string;
  hint: string;
  on: string;
  off: string;
  /** Its value before the user ever set it. */
  byDefault?: boolean;
}> = [
  {
    field: 'emailNotifications',
    label: EMAIL_PREFERENCE_TEXT.notificationsLabel,
    hint: EMAIL_PREFERENCE_TEXT.notificationsHint,
    on: EMAIL_PREFERENCE_TEXT.notificationsOn,
    off: EMAIL_PREFERENCE_TEXT.notificationsOff,
  },
  {
    field: 'emailReminders',
    label: EMAIL_PREFERENCE_TEXT.remindersLabel,
    hint: EMAIL_PREFERENCE_TEXT.remindersHint,
    on: EMAIL_PREFERENCE_TEXT.remindersOn,
    off: EMAIL_PREFERENCE_TEXT.remindersOff,
  },
  {
    // Not an e-mail stream of its own: whether comments on followed ideas notify at all (then
    // by e-mail too while the first switch is on).
    field: 'ideaCommentNotifications',
    label: EMAIL_PREFERENCE_TEXT.ideaCommentsLabel,
    hint: EMAIL_PREFERENCE_TEXT.ideaCommentsHint,
    on: EMAIL_PREFERENCE_TEXT.ideaCommentsOn,
    off: EMAIL_PREFERENCE_TEXT.ideaCommentsOff,
    byDefault: false,
  },
];

/**
 * The profile's e-mail settings (PUT /api/users/me { emailNotifications, emailReminders }): the
 * same preferences the one-click link of each e-mail turns off, so what a link did shows here and
 * can be undone here. Both on by default.
 */
export function EmailPreferencesCard({ user }: { user: PublicUser }) {
  const update = useUpdateMe();
  return (
    <Card withBorder radius="lg" padding="xl" mt="xl" component="section" aria-labelledby="email-prefs-title">
      <Title order={2} size="h4" id="email-prefs-title" mb="sm">
        {EMAIL_PREFERENCE_TEXT.heading}
      </Title>
      <Stack gap="md">
        {SWITCHES.map((s) => (
          // The hint describes the switch without becoming part of its name (Switch's own
          // `description` sits inside its label, so a screen reader would read it as the name).
          <Stack key={s.field} gap={4}>
            <Switch
              label={s.label}
              aria-describedby={`${s.field}-hint`}
              checked={user[s.field] ?? s.byDefault ?? true}
              disabled={update.isPending}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                update.mutate(
                  { [s.field]: on },
                  {
                    onSuccess: () => notifications.show({ color: 'teal', message: on ? s.on : s.off }),
                    onError: (err) => showError(err, 'Could not save the setting'),
                  },
                );
              }}
            />
            <Text id={`${s.field}-hint`} size="xs" c="dimmed" pl={50}>
              {s.hint}
            </Text>
          </Stack>
        ))}
        <Text size="sm" c="dimmed">
          {EMAIL_PREFERENCE_TEXT.essential}
        </Text>
      </Stack>
    </Card>
  );
}
