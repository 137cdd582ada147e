import { ORGANIZATION_KIND_LABELS, type OrganizationSummary } from '@agora/shared';
import { Badge } from '@mantine/core';
import { IconRosetteDiscountCheckFilled } from '@tabler/icons-react';
import { Link } from 'react-router';
import u from '../../../components/utilities.module.css';

/** An organisation named on an idea: a link to its page, its verified mark when it has one. */
export function OrganizationBadge({ org }: { org: OrganizationSummary }) {
  return (
    <Badge
      component={Link}
      to={`/organization/${org._id}`}
      variant="light"
      color={org.verified ? 'blue' : 'gray'}
      tt="none"
      className={u.pointer}
      rightSection={org.verified ? <IconRosetteDiscountCheckFilled size={14} aria-label="verified" /> : null}
      title={`${ORGANIZATION_KIND_LABELS[org.kind]}${org.verified ? ', verified' : ', not verified yet'}`}
    >
      {org.name}
    </Badge>
  );
}
