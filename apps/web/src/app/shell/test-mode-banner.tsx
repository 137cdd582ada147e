import { TEST_MODE_TEXT } from '@agora/shared';
import { usePaymentsMode } from '../../lib/settings';
import classes from './shell.module.css';

/**
 * Issue 17: whenever payments are simulated (PAYMENTS_PROVIDER=sandbox) every page says so, in a slim
 * strip fixed to the bottom of the window (a spacer keeps it from covering the footer).
 */
export function TestModeBanner() {
  const { data } = usePaymentsMode();
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
