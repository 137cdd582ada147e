import { Menu } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { type MouseEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth-store';
import { type NavLink, PORTAL_MENUS } from './nav-links';
import { goToLoginFor } from './session-actions';
import classes from './shell.module.css';
import type { MenuIntent } from './menu-fallbacks';

/** spec 01 §2: one dropdown per portal (Inquiry Space, Innovators Space, Hackathons, Jobs Hub). */
export default function PortalMenus({
  active,
  intent,
}: {
  active: string | null;
  intent?: MenuIntent | null;
}) {
  const { isLoggedIn } = useAuth();
  const navigate = useNavigate();
  const triggers = useRef(new Map<string, HTMLButtonElement | null>());
  // Controlled, because a click on a placeholder can land just after this mounted: open it then too.
  const [openMenu, setOpenMenu] = useState<string | null>(intent?.open ?? null);
  useEffect(() => {
    if (intent?.open) setOpenMenu(intent.open);
  }, [intent]);
  // The placeholder that had keyboard focus was replaced by this component: give focus back.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on mount, when the placeholders go
  useEffect(() => {
    const lost = !document.activeElement || document.activeElement === document.body;
    if (intent?.focus && !intent.open && lost) triggers.current.get(intent.focus)?.focus();
  }, []);
  const onItem = (link: NavLink) => (e: MouseEvent) => {
    if (link.auth && !isLoggedIn) {
      e.preventDefault();
      goToLoginFor(link.to, navigate);
    }
  };
  return (
    <>
      {PORTAL_MENUS.map((m) => (
        <Menu
          key={m.label}
          trigger="click-hover"
          openDelay={60}
          closeDelay={150}
          position="bottom-start"
          shadow="md"
          width={240}
          loop
          withInitialFocusPlaceholder={false}
          opened={openMenu === m.label}
          onChange={(o) => setOpenMenu((cur) => (o ? m.label : cur === m.label ? null : cur))}
        >
          <Menu.Target>
            <button
              type="button"
              className={classes.navButton}
              data-active={m.label === active || undefined}
              ref={(el) => {
                triggers.current.set(m.label, el);
              }}
            >
              {m.label}
              <IconChevronDown size={14} aria-hidden />
            </button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>{m.label}</Menu.Label>
            {m.links.map((l) => (
              <Menu.Item key={l.label} component={Link} to={l.to} onClick={onItem(l)}>
                {l.label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      ))}
    </>
  );
}
