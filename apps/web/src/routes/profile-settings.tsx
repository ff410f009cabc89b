export { ProfileSettingsPage as Component } from '../features/profile-settings/profile-settings-page.tsx';
