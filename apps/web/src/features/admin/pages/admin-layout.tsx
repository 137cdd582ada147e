import {
  Badge,
  Box,
  Button,
  Container,
  Group,
  NativeSelect,
  NavLink,
  Paper,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconBriefcase,
  IconBulb,
  IconCash,
  IconChartLine,
  IconHelpCircle,
  IconHistory,
  IconLock,
  IconMail,
  IconSettings,
  IconTrophy,
  IconUsers,
} from '@tabler/icons-react';
import { type ComponentType, useEffect } from 'react';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { setRedirectAfterLogin, useAuth } from '../../../lib/auth-store';
import { useOverview } from '../api/get-overview';
import { defaultRange } from '../lib/range';
import u from '../../../components/utilities.module.css';

interface Section {
  path: string;
  label: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  badge?: 'pendingHackathons' | 'pendingJobs' | 'pendingWithdrawals';
}

export const SECTIONS: Section[] = [
  { path: '', label: 'Overview', icon: IconChartLine },
  { path: 'users', label: 'Users', icon: IconUsers },
  { path: 'questions', label: 'Questions', icon: IconHelpCircle },
  { path: 'ideas', label: 'Ideas', icon: IconBulb },
  { path: 'hackathons', label: 'Hackathons', icon: IconTrophy, badge: 'pendingHackathons' },
  { path: 'jobs', label: 'Jobs', icon: IconBriefcase, badge: 'pendingJobs' },
  { path: 'withdrawals', label: 'Withdrawals', icon: IconCash, badge: 'pendingWithdrawals' },
  { path: 'contact-messages', label: 'Contact messages', icon: IconMail },
  { path: 'settings', label: 'Settings', icon: IconSettings },
  { path: 'audit-log', label: 'Audit log', icon: IconHistory },
];

const BASE = '/admin-portal';
const hrefOf = (s: Section) => (s.path ? `${BASE}/${s.path}` : BASE);

function RedirectToLogin() {
  useEffect(() => setRedirectAfterLogin(BASE), []);
  return <Navigate to="/login" replace />;
}

/** A signed-in user who is not an admin (the server refuses them too: 403 on every admin call). */
function NotAllowed() {
  return (
    <Container size="sm" py="xl">
      <EmptyState
        icon={<IconLock size={28} />}
        title="Not allowed"
        description="The Admin Portal is only for administrators. Your account does not have access to it."
        action={
          <Button component={Link} to="/" variant="light">
            Go to the home page
          </Button>
        }
      />
    </Container>
  );
}

function SectionNav({ variant }: { variant: 'select' | 'list' }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { from, to } = defaultRange();
  const { data } = useOverview(from, to);
  const current = SECTIONS.find((s) => hrefOf(s) === pathname.replace(/\/$/, '')) ?? SECTIONS[0]!;
  if (variant === 'select') {
    return (
      <NativeSelect
        label="Section"
        value={hrefOf(current)}
        onChange={(e) => navigate(e.currentTarget.value)}
        data={SECTIONS.map((s) => {
          const n = s.badge ? (data?.totals[s.badge] ?? 0) : 0;
          return { value: hrefOf(s), label: n > 0 ? `${s.label} (${n} pending)` : s.label };
        })}
        mb="md"
      />
    );
  }
  return (
    <Paper withBorder radius="md" p={4} component="nav" aria-label="Admin sections">
      {SECTIONS.map((s) => {
        const n = s.badge ? (data?.totals[s.badge] ?? 0) : 0;
        const Icon = s.icon;
        return (
          <NavLink
            key={s.label}
            component={Link}
            to={hrefOf(s)}
            label={s.label}
            active={s === current}
            leftSection={<Icon size={18} stroke={1.7} />}
            rightSection={
              n > 0 ? (
                <Badge size="sm" color="red" circle={n < 10}>
                  <span aria-hidden>{n}</span>
                  <VisuallyHidden>{`${n} pending`}</VisuallyHidden>
                </Badge>
              ) : null
            }
            aria-current={s === current ? 'page' : undefined}
          />
        );
      })}
    </Paper>
  );
}

/** /admin-portal: admin only on the client too; visitors go to /login, others see "Not allowed". */
export function AdminLayout() {
  const { isLoggedIn, user } = useAuth();
  if (!isLoggedIn) return <RedirectToLogin />;
  if (user?.role !== 'admin') return <NotAllowed />;
  return (
    <Container size="xl" py="lg" px={{ base: 'xs', sm: 'md' }}>
      <Group justify="space-between" mb="md" align="flex-end">
        <Stack gap={0}>
          <Title order={1} size="h2">
            Admin Portal
          </Title>
          <Text c="dimmed" size="sm">
            User management, question moderation, idea management, reviews and system analytics
          </Text>
        </Stack>
      </Group>
      <Box display="flex" className={u.sideBySide}>
        <Box w={230} flex="none" visibleFrom="md">
          <SectionNav variant="list" />
        </Box>
        <Box flex={1} miw={0}>
          <Box hiddenFrom="md">
            <SectionNav variant="select" />
          </Box>
          <Outlet />
        </Box>
      </Box>
    </Container>
  );
}
