export function AppLayout() {
  return null;
}
