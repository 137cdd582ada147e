import { Anchor, Container, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import u from '../../../components/utilities.module.css';

function Section({ id, title, children }: { id?: string; title: string; children: ReactNode }) {
  return (
    <Stack component="section" gap="xs" id={id} className={u.anchorTarget}>
      <Title order={2} size="h3">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** /terms: Terms of Service, with the Privacy Policy (the footer links to #privacy). */
export function TermsPage() {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);
  return (
    <Container size="md" py={{ base: 32, sm: 56 }}>
      <Stack gap="xl">
        <Stack gap={4}>
          <Title order={1}>Terms of Service</Title>
          <Text c="dimmed">
            These terms govern your use of Agora. By creating an account or using the site you agree to them.
          </Text>
        </Stack>

        <Section title="1. Your account">
          <Text>
            You must give a real e-mail address and keep your password to yourself. You are responsible for
            what happens under your account. We may suspend accounts that break these terms; a suspended
            account is signed out at once. Signed-in sessions end after a period of inactivity to protect you
            on shared devices.
          </Text>
        </Section>

        <Section title="2. Questions, rewards and payments">
          <List spacing={4}>
            <List.Item>
              A question's reward is paid when the question is created and is held by Agora until the asker
              distributes it among the answers they choose. A reward can be distributed once.
            </List.Item>
            <List.Item>
              Each person may answer a question once. Askers see all answers to their question; other users
              see only their own.
            </List.Item>
            <List.Item>
              Rewards credited to your wallet can be withdrawn to the UPI id or bank account you provide.
              Withdrawals are processed by our team; a failed withdrawal is returned to your wallet.
            </List.Item>
            <List.Item>
              AI ranking of answers is a help for the asker, not a guarantee of correctness. The asker decides
              who is rewarded.
            </List.Item>
          </List>
        </Section>

        <Section title="3. Ideas and other content you post">
          <Text>
            You keep the rights to what you post. You give Agora a licence to store and display it so that the
            service works — for example to show your idea to other users, count its likes and include it in
            search. You may hide or delete your ideas at any time. Do not post what you have no right to
            share, and remember that ideas you publish are visible to everyone.
          </Text>
        </Section>

        <Section title="4. Hackathons and jobs">
          <Text>
            Hackathons and job postings are reviewed by our team before they are published, usually within
            24-48 hours, and may be rejected. Organisers are responsible for running their events and awarding
            the prizes they promise; employers for the accuracy of their postings. Registration for a
            hackathon closes one hour before it starts.
          </Text>
        </Section>

        <Section title="5. What is not allowed">
          <List spacing={4}>
            <List.Item>Spam, scams, harassment, hate speech, or illegal content.</List.Item>
            <List.Item>Copying other people's answers or ideas and presenting them as your own.</List.Item>
            <List.Item>Trying to break, overload or get around the security of the service.</List.Item>
            <List.Item>Using several accounts to manipulate likes, answers or rewards.</List.Item>
          </List>
        </Section>

        <Section title="6. Liability and changes">
          <Text>
            Agora is provided as is. We work hard to keep it available and your data safe, but we cannot
            promise that it is free of errors. We may change these terms; if a change matters, we will tell
            you before it takes effect.
          </Text>
        </Section>

        <Section id="privacy" title="Privacy Policy">
          <Text>
            We collect what we need to run the service: your name, display name, e-mail and role; the content
            you post; payment and payout details for rewards and withdrawals; and technical logs (IP address,
            browser) for security. Passwords are stored only as salted hashes.
          </Text>
          <Text>
            Your browser keeps your sign-in token and a copy of your profile in local storage so that you stay
            signed in across tabs; logging out removes them. We do not use advertising trackers and we do not
            sell your data. Payments are handled by our payment provider, which receives only what it needs to
            process them.
          </Text>
          <Text>
            You can update your name on your profile at any time. To get a copy of your data or to delete your
            account, write to us through the{' '}
            <Anchor component={Link} to="/contact">
              contact page
            </Anchor>
            .
          </Text>
        </Section>

        <Text size="sm" c="dimmed">
          Last updated: November 2026.
        </Text>
      </Stack>
    </Container>
  );
}
