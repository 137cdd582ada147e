import { ORGANIZATION_TEXT, type Organization } from '@agora/shared';
import type { SessionUser } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { toOrganization } from './organizations.presenter.js';
import * as repo from './organizations.repo.js';

/** The organisation an id names, or 404 (an id that cannot exist too). */
export async function organizationOr404(exec: Executor, id: string) {
  const o = isUuid(id) ? await repo.findOrganization(exec, id) : null;
  return o ?? notFound(ORGANIZATION_TEXT.notFound);
}

/** An organisation as its page shows it: its member count, and whether the viewer is one of them. */
export async function presentOrganization(
  exec: Executor,
  o: repo.OrganizationRow,
  viewer: SessionUser | null,
): Promise<Organization> {
  const [count, member] = await Promise.all([
    repo.memberCount(exec, o.id),
    viewer ? repo.isMember(exec, o.id, viewer.id) : Promise.resolve(false),
  ]);
  return toOrganization(o, count, member);
}
