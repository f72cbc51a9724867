export function WizardPage() {
  return null;
}
