/** Placeholder replaced within issue 13. */
export function LegalInfoPage() {
  return <div>Юридические данные</div>;
}
