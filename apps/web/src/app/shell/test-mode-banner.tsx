import { type PaymentsMode, TEST_MODE_TEXT } from '@agora/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import classes from './shell.module.css';

/** GET /api/settings/payments: fixed for the life of the server, so read once. */
const paymentsModeQuery = {
  queryKey: ['settings', 'payments'] as const,
  queryFn: () => api<PaymentsMode>('/api/settings/payments'),
  staleTime: Number.POSITIVE_INFINITY,
  retry: 1,
};

/**
 * Issue 17: whenever payments are simulated (PAYMENTS_PROVIDER=sandbox) every page says so, in a slim
 * strip fixed to the bottom of the window (a spacer keeps it from covering the footer).
 */
export function TestModeBanner() {
  const { data } = useQuery(paymentsModeQuery);
  if (!data?.testMode) return null;
  return (
    <>
      <div className={classes.testModeSpacer} aria-hidden="true" />
      <div className={classes.testMode} role="status" data-testid="test-mode-banner">
        {TEST_MODE_TEXT.banner}
      </div>
    </>
  );
}
