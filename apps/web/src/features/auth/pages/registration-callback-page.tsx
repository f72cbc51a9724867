export function RegistrationCallbackPage() {
  return null;
}
