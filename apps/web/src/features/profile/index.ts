/** What other features may use from profile: the edit form (the wizard) and its fields (the staff window). */
export { ProfileForm } from './components/profile-form';
export {
  fromProfileShape,
  ProfileFields,
  profileFieldErrors,
  toProfileShape,
  type ProfileFieldsShape,
} from './components/profile-fields';
