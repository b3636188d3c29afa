// The admin back-office App section: the App page's settings and their save.
export * from './get-app-settings.ts';
export * from './scopes.ts';
export * from './update-app-settings.ts';
