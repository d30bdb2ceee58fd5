import { useState } from 'react';
import { Switch } from '@mantine/core';
import { isDevMode, setDevMode } from '../../lib/dev-mode.ts';

/** Developer mode on or off in this browser (docs/identity.md; shown to administrators only). */
export function DevModeSwitch() {
  const [isOn, setOn] = useState(isDevMode);
  return (
    <Switch
      label="Developer mode: log errors to the browser console"
      checked={isOn}
      onChange={(event) => {
        setDevMode(event.currentTarget.checked);
        setOn(event.currentTarget.checked);
      }}
    />
  );
}
