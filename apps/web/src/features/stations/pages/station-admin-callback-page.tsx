export function StationAdminCallbackPage() {
  return null;
}
