/** `/station/{id}/dashboard` — built in issue 4 (placeholder until the dashboard lands). */
export function DashboardPage() {
  return null;
}
