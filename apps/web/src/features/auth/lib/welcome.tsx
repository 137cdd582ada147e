import type { PublicUser } from '@agora/shared';
import { Anchor, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from 'react-router';

/** The first thing a new account is invited to do, by the role it signed up with. */
export function nextStepFor(role: string): { label: string; to: string } {
  if (role === 'questioner') return { label: 'Ask your first question', to: '/ask-question' };
  if (role === 'answerer') return { label: 'Answer an open question', to: '/questions' };
  return { label: 'Discover ideas and share your own', to: '/ideas' };
}

/** After sign-up: a welcome naming the person, with one link to a next step. */
export function showWelcome(user: Pick<PublicUser, 'name' | 'displayName' | 'role'>): void {
  const first = (user.displayName || user.name || '').trim().split(/\s+/)[0];
  const step = nextStepFor(user.role);
  notifications.show({
    id: 'welcome',
    color: 'green',
    autoClose: 12_000,
    title: first ? `Welcome to Agora, ${first}!` : 'Welcome to Agora!',
    message: (
      <Text size="sm" component="span">
        Your account is ready. Next step:{' '}
        <Anchor component={Link} to={step.to} size="sm" onClick={() => notifications.hide('welcome')}>
          {step.label}
        </Anchor>
      </Text>
    ),
  });
}
