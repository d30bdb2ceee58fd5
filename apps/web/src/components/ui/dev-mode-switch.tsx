import { useState } from 'react';
import { Switch } from '@mantine/core';
import { isDevMode, setDevMode } from '../../lib/dev-mode.ts';
import { useT } from '../../lib/i18n.ts';

/** Developer mode on or off in this browser (docs/identity.md; shown to administrators only). */
export function DevModeSwitch() {
  const t = useT();
  const [isOn, setOn] = useState(isDevMode);
  return (
    <Switch
      label={t('app.dev-mode')}
      checked={isOn}
      onChange={(event) => {
        setDevMode(event.currentTarget.checked);
        setOn(event.currentTarget.checked);
      }}
    />
  );
}
