export function StationOverviewPage() {
  return null;
}
