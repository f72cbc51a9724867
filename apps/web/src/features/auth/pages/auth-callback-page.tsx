export function AuthCallbackPage() {
  return null;
}
