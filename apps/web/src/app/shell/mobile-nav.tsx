import { IDEA_CATEGORIES } from '@agora/shared';
import { Button, Divider, Drawer, Group, NavLink, ScrollArea, Text } from '@mantine/core';
import { type MouseEvent, type ReactNode, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth-store';
import { usePortal } from '../portal';
import { activePortalFor } from './active-portal';
import { Logo } from './logo';
import { type NavLink as Item, PORTAL_MENUS } from './nav-links';
import { goToLoginFor } from './session-actions';
import { shell, useShellState } from './shell-store';

/** A collapsible section: a real button (keyboard, screen readers) that says whether it is open. */
function Section({
  label,
  defaultOpened,
  children,
}: {
  label: string;
  defaultOpened: boolean;
  children: ReactNode;
}) {
  const [opened, setOpened] = useState(defaultOpened);
  return (
    <NavLink
      component="button"
      type="button"
      label={label}
      opened={opened}
      onChange={setOpened}
      aria-expanded={opened}
      fw={600}
      childrenOffset="md"
    >
      {children}
    </NavLink>
  );
}

/**
 * spec 01 §2 small screens: the hamburger menu with navigation links (each portal's menu) and a
 * category filter list (the idea categories of spec 02 §3, filtering /ideas).
 */
export default function MobileNav() {
  const { mobileNav } = useShellState();
  const { isLoggedIn, user } = useAuth();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const active = activePortalFor(usePortal());
  const currentCategory = pathname === '/ideas' ? new URLSearchParams(search).get('category') : null;

  const follow = (link: Item) => (e: MouseEvent) => {
    if (link.auth && !isLoggedIn) {
      e.preventDefault();
      goToLoginFor(link.to, navigate);
    }
    shell.closeMobileNav();
  };

  return (
    <Drawer
      opened={mobileNav}
      onClose={shell.closeMobileNav}
      position="left"
      size={300}
      title={<Logo />}
      closeButtonProps={{ 'aria-label': 'Close navigation' }}
      scrollAreaComponent={ScrollArea.Autosize}
    >
      <nav aria-label="Main navigation">
        {PORTAL_MENUS.map((m) => (
          <Section key={m.label} label={m.label} defaultOpened={m.label === active}>
            {m.links.map((l) => (
              <NavLink
                key={l.label}
                component={Link}
                to={l.to}
                label={l.label}
                active={pathname === l.to}
                onClick={follow(l)}
              />
            ))}
          </Section>
        ))}
        <Section label="Idea categories" defaultOpened={pathname === '/ideas'}>
          {/* A filter must be able to match: the listing's categories (the ones ideas are stored
              under and the sidebar counts), not spec 02's separate top-bar list, which no form
              can submit. */}
          {IDEA_CATEGORIES.map((c) => (
            <NavLink
              key={c}
              component={Link}
              to={`/ideas?category=${encodeURIComponent(c)}`}
              label={c}
              active={currentCategory === c}
              onClick={shell.closeMobileNav}
            />
          ))}
        </Section>
        <NavLink
          component={Link}
          to="/events-portal-info"
          label="Events (coming soon)"
          onClick={shell.closeMobileNav}
        />
        {user?.role === 'admin' && isLoggedIn ? (
          <NavLink component={Link} to="/admin-portal" label="Admin Portal" onClick={shell.closeMobileNav} />
        ) : null}
      </nav>
      <Divider my="sm" />
      <nav aria-label="More">
        <NavLink component={Link} to="/about" label="About" onClick={shell.closeMobileNav} />
        <NavLink component={Link} to="/contact" label="Contact" onClick={shell.closeMobileNav} />
        <NavLink component={Link} to="/careers" label="Careers" onClick={shell.closeMobileNav} />
      </nav>
      {isLoggedIn ? (
        <Button fullWidth mt="md" variant="light" onClick={shell.openAccountPanel}>
          My account
        </Button>
      ) : (
        <>
          <Text size="sm" c="dimmed" mt="md">
            Have an account?
          </Text>
          <Group grow mt="xs">
            <Button component={Link} to="/login" onClick={shell.closeMobileNav}>
              Login
            </Button>
            <Button component={Link} to="/signup" variant="default" onClick={shell.closeMobileNav}>
              Signup
            </Button>
          </Group>
        </>
      )}
    </Drawer>
  );
}
