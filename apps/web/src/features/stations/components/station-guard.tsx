export function StationGuard() {
  return null;
}
