import { AdminPartnersPage } from '../features/partners/pages/admin-partners-page';
import { RoleGuard } from './role-guard';

/**
 * `/admin/partners`: the system admin's page behind its guard. React Router's `lazy` takes this module as
 * the route (its `Component`), which keeps the route table in everyone's first load a few bytes shorter.
 */
export function Component() {
  return (
    <RoleGuard roles={['admin']}>
      <AdminPartnersPage />
    </RoleGuard>
  );
}
