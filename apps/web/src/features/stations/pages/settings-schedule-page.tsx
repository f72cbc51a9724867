/** Placeholder replaced within issue 13. */
export function SettingsSchedulePage() {
  return <div>График работы</div>;
}
