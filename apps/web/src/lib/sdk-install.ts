// Where this deployment serves the SDK: the web build packs packages/sdk into
// dist/sdk/tanqin-sdk-<version>.tgz (scripts/pack-sdk.mjs), so an integrator installs it
// with npm straight from the server they integrate with.
import { version } from '@tanqin/sdk/package.json';

export const SDK_TARBALL_PATH = `/sdk/tanqin-sdk-${version}.tgz`;

/** `npm install <this server>/sdk/tanqin-sdk-<version>.tgz` */
export function sdkInstallCommand(baseUrl: string) {
  return `npm install ${baseUrl.replace(/\/+$/, '')}${SDK_TARBALL_PATH}`;
}
