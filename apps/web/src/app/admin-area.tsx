import { RoleGuard } from './guards';

/** `/admin/…`: the system admin's own pages; everyone else goes to / (S1 §2 guard fallback). */
export function AdminArea() {
  return <RoleGuard roles={['admin']} />;
}
