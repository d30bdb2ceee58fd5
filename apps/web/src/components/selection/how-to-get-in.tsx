import { useState } from 'react';
import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import type { DesignCentreContact } from '@decor/core';
import { useT } from '../../lib/i18n.ts';

/** The access code inside a pasted invitation link or typed by hand, or null. */
export function accessCodeFrom(text: string): string | null {
  const trimmed = text.trim();
  const fromLink = /\/(?:link|go)\/([a-z0-9]{8,64})(?:[/?#]|$)/i.exec(trimmed)?.[1];
  const code = (fromLink ?? trimmed).toLowerCase();
  return /^[a-z0-9]{8,64}$/.test(code) ? code : null;
}

/**
 * For a signed-in person who is not (yet) a buyer of this project, or whose unit is not
 * linked: how to get in, in plain words — ask the design centre, or enter the invitation.
 */
export function HowToGetIn({
  projectName,
  contact,
  isMember,
}: {
  projectName: string;
  contact: DesignCentreContact | undefined;
  isMember: boolean;
}) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const t = useT();
  const open = () => {
    const code = accessCodeFrom(text);
    if (!code) {
      setProblem(t('app.access.paste-whole'));
      return;
    }
    void navigate({ to: '/link/$code', params: { code } });
  };
  return (
    <Card withBorder radius="md" padding="lg" maw={640} data-testid="how-to-get-in">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {isMember ? t('app.access.not-linked') : t('app.access.not-buyer', { project: projectName })}
        </Title>
        <Text>{isMember ? t('app.access.not-linked-text') : t('app.access.not-buyer-text')}</Text>
        <Group
          align="end"
          gap="xs"
          component="form"
          onSubmit={(event) => {
            event.preventDefault();
            open();
          }}
        >
          <TextInput
            label={t('app.access.invitation')}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            error={problem}
            style={{ flex: 1, minWidth: 220 }}
          />
          <Button type="submit">{t('app.access.open')}</Button>
        </Group>
        <Alert color="gray" variant="light">
          {t('app.access.ask', {
            who: [contact?.name, contact?.email, contact?.phone].some(Boolean)
              ? ` (${[contact?.name, contact?.email, contact?.phone].filter(Boolean).join(' · ')})`
              : '',
          })}
        </Alert>
      </Stack>
    </Card>
  );
}
