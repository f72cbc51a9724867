/** Placeholder replaced within issue 13. */
export function SlotsPage() {
  return <div>Слоты</div>;
}
