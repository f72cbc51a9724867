export function StationSettingsPage() {
  return null;
}
