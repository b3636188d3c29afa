/** Version of this build, compared with the server's minimum by the version gate. */
export const appVersion: string = __APP_VERSION__;
