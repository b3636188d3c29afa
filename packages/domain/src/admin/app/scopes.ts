// Who hears about App page saves: the admin screens, and through the public 'app' scope every open
// client (the version banner reads minVersion, chats read the empty chat text, pickers the voices).
import { type ChangeEvent, defaultAppId } from '@doppel/db';

const appScopes = ['admin', 'app'];

/** The App page saved: app_configs and apps (one row each) and every voice it wrote or removed. */
export function appSettingsChanged(voiceIds: readonly string[]): ChangeEvent[] {
  return [
    { entity: 'app_configs', rowId: defaultAppId, scopes: appScopes },
    { entity: 'apps', rowId: defaultAppId, scopes: appScopes },
    ...voiceIds.map((id) => ({ entity: 'voices', rowId: id, scopes: appScopes })),
  ];
}
