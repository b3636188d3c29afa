// The admin back-office App section: the App page's settings and their save.
export { getAdminAppSettings, unsavedAppSettings } from './get-app-settings.ts';
export { appSettingsChanged } from './scopes.ts';
export { updateAdminAppSettings } from './update-app-settings.ts';
