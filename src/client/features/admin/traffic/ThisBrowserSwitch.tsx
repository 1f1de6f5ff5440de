/**
 * "Don't count this browser": for the browsers the owner uses signed out (signed-in admins are left
 * out on every device by the server). It sets `blockSessions` in app-settings, so this browser's
 * visits are sent marked as left out (docs/product/visits.md#counting-rules).
 */
import { useState } from 'react';
import { readStored, writeStored } from '../../../lib/storage';
import { Switch } from '../../../ui/form/Switch';

const DEFAULT_SETTINGS = { bools: { experimental: false, devCard: false, blockSessions: false } };

export function ThisBrowserSwitch() {
  const [off, setOff] = useState(
    () => readStored('appSettings', DEFAULT_SETTINGS).bools.blockSessions === true,
  );
  return (
    <div className="traffic__this-browser">
      <Switch
        label="Don't count this browser"
        description="For a browser you use logged out. Logged in as an admin, your visits are never counted, on any device."
        checked={off}
        onCheckedChange={(checked) => {
          const settings = readStored('appSettings', DEFAULT_SETTINGS);
          writeStored('appSettings', {
            ...settings,
            bools: { ...DEFAULT_SETTINGS.bools, ...settings.bools, blockSessions: checked },
          });
          setOff(checked);
        }}
      />
    </div>
  );
}
