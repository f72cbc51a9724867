/** What other features may use from profile: the edit form (the wizard). */
export { ProfileForm } from './components/profile-form';
