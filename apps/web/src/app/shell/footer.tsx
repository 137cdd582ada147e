import { Container, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { usePortal } from '../portal';
import { footerAccentFor } from '../theme';
import { FOOTER_CATEGORIES, FOOTER_LEGAL_LINKS, FOOTER_QUICK_LINKS } from './nav-links';
import classes from './shell.module.css';

const ACCENT = 'var(--footer-accent)';

/** spec 01 §2 / 03 §2 footer; its accent follows the route's portal (inquiry teal, innovators purple, …). */
export function Footer() {
  // The accent's shade is chosen in the stylesheet (.footer), by data-accent.
  const accent = footerAccentFor(usePortal());
  return (
    <footer className={classes.footer} data-accent={accent}>
      <Container size="lg" py={40}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xl">
          <Stack gap="xs">
            <Text fw={800} fz="xl" c={ACCENT}>
              Agora
            </Text>
            <Text size="sm" c="gray.4">
              One community to share ideas, find jobs and host hackathons — and to ask the questions that move
              your work forward.
            </Text>
          </Stack>
          <FooterColumn title="Quick links">
            {FOOTER_QUICK_LINKS.map((l) => (
              <li key={l.label}>
                <Link to={l.to} className={classes.footerLink}>
                  {l.label}
                </Link>
              </li>
            ))}
          </FooterColumn>
          <FooterColumn title="Categories">
            {FOOTER_CATEGORIES.map((c) => (
              <li key={c}>
                <Text component="span" size="sm" c="gray.4">
                  {c}
                </Text>
              </li>
            ))}
          </FooterColumn>
          <FooterColumn title="Support">
            {FOOTER_LEGAL_LINKS.map((l) => (
              <li key={l.label}>
                <Link to={l.to} className={classes.footerLink}>
                  {l.label}
                </Link>
              </li>
            ))}
          </FooterColumn>
        </SimpleGrid>
        <Group justify="space-between" mt={32} pt="md" className={classes.footerBase}>
          <Text size="xs" c="gray.5">
            © {new Date().getFullYear()} Agora. All rights reserved.
          </Text>
          <Text size="xs" c="gray.5">
            Ask. Share. Build. Get hired.
          </Text>
        </Group>
      </Container>
    </footer>
  );
}

function FooterColumn({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap="xs">
      <Text component="h2" fw={700} size="sm" tt="uppercase" c={ACCENT} lts="0.06em">
        {title}
      </Text>
      <Stack component="ul" gap={6} m={0} p={0} className={classes.footerList}>
        {children}
      </Stack>
    </Stack>
  );
}
