import { useState } from 'react';
import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import type { DesignCentreContact } from '@decor/core';

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
export function HowToGetIn({ projectName, contact, isMember }: { projectName: string; contact: DesignCentreContact | undefined; isMember: boolean }) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const open = () => {
    const code = accessCodeFrom(text);
    if (!code) {
      setProblem('Paste the whole invitation link, or type the code at its end.');
      return;
    }
    void navigate({ to: '/link/$code', params: { code } });
  };
  return (
    <Card withBorder radius="md" padding="lg" maw={640} data-testid="how-to-get-in">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {isMember ? 'Your home is not linked yet' : `You are not a buyer at ${projectName} yet`}
        </Title>
        <Text>
          {isMember
            ? 'The design centre has not linked your account to your unit yet. When they do, your home and your selection appear here.'
            : 'Buyers join with the invitation the design centre sends them by e-mail. If you have one, paste its link or code below.'}
        </Text>
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
            label="Invitation link or code"
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            error={problem}
            style={{ flex: 1, minWidth: 220 }}
          />
          <Button type="submit">Open invitation</Button>
        </Group>
        <Alert color="gray" variant="light">
          No invitation? Ask the design centre{contact?.name ? ` (${contact.name})` : ''}
          {contact?.email ? ` at ${contact.email}` : ''}
          {contact?.phone ? `, ${contact.phone}` : ''} to invite you to your unit.
        </Alert>
      </Stack>
    </Card>
  );
}
