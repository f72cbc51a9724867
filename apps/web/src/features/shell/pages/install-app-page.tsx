export function InstallAppPage() {
  return null;
}
