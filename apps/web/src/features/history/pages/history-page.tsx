/** `/station/{id}/history` — built in issue 4 (placeholder until the history page lands). */
export function HistoryPage() {
  return null;
}
