import { Menu, Text, UnstyledButton } from '@mantine/core';
import { IconLayoutSidebarRight, IconLogout, IconShieldLock } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { UserAvatar } from '../../components/user-avatar';
import { useAuth } from '../../lib/auth-store';
import { USER_MENU_LINKS } from './nav-links';
import classes from './shell.module.css';
import { shell } from './shell-store';
import type { MenuIntent } from './menu-fallbacks';

/** spec 01 §2: the signed-in avatar menu, with a Logout button that asks for confirmation. */
export default function UserMenu({ intent }: { intent?: MenuIntent | null }) {
  const { user } = useAuth();
  const trigger = useRef<HTMLButtonElement>(null);
  // Controlled, because a click on the placeholder can land just after this mounted: open it then too.
  const [opened, setOpened] = useState(intent?.open === 'account');
  useEffect(() => {
    if (intent?.open === 'account') setOpened(true);
  }, [intent]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on mount, when the placeholder goes
  useEffect(() => {
    const lost = !document.activeElement || document.activeElement === document.body;
    if (intent?.focus && !intent.open && lost) trigger.current?.focus();
  }, []);
  return (
    <Menu
      position="bottom-end"
      shadow="md"
      width={240}
      loop
      opened={opened}
      onChange={setOpened}
      // Mantine's focus placeholder (role=presentation, tabindex) is an invalid child of role=menu.
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        <UnstyledButton ref={trigger} className={classes.avatarButton} aria-label="Account menu">
          <UserAvatar name={user?.name} email={user?.email} size={36} decorative />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text component="span" display="block" size="sm" fw={600} c="dark" truncate="end">
            {user?.displayName || user?.name}
          </Text>
          <Text component="span" display="block" size="xs" c="dimmed" truncate="end">
            {user?.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        {USER_MENU_LINKS.map((l) => (
          <Menu.Item key={l.label} component={Link} to={l.to}>
            {l.label}
          </Menu.Item>
        ))}
        {/* Also here: on narrower desktops the top bar's Admin Portal button gives way to search. */}
        {user?.role === 'admin' ? (
          <Menu.Item
            component={Link}
            to="/admin-portal"
            leftSection={<IconShieldLock size={16} aria-hidden />}
          >
            Admin Portal
          </Menu.Item>
        ) : null}
        <Menu.Item
          leftSection={<IconLayoutSidebarRight size={16} aria-hidden />}
          onClick={shell.openAccountPanel}
        >
          Account overview
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item c="red.9" leftSection={<IconLogout size={16} aria-hidden />} onClick={shell.requestLogout}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
