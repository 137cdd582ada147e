import { Alert, Button, Center, Container, Loader, Stack } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { useVerifyOrganization } from '../api/organization-actions';
import u from '../../../components/utilities.module.css';

/** The e-mailed link's page: it sends the token once and says what became of it. */
export function VerifyOrganizationPage() {
  usePageTitle('Verify your organisation — Innovators Space');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const verify = useVerifyOrganization();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    verify.mutate(token);
  }, [token, verify]);

  return (
    <Container size="sm" py="xl">
      {verify.isSuccess ? (
        <Stack>
          <Alert
            color="green"
            icon={<IconCircleCheck size={18} />}
            title="You are a verified member"
            data-testid="verified"
          >
            You can now respond to ideas that tag {verify.data.organization.name}.
          </Alert>
          <Button
            component={Link}
            to={`/organization/${verify.data.organization._id}/inbox`}
            className={u.selfStart}
          >
            Open the inbox
          </Button>
        </Stack>
      ) : verify.isError || !token ? (
        <Alert color="red" title="Verification failed">
          {token ? errorMessage(verify.error, 'Please try again.') : 'This link has no token.'}
        </Alert>
      ) : (
        <Center>
          <Loader aria-label="Verifying" />
        </Center>
      )}
    </Container>
  );
}
