import { List, PasswordInput, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { passwordProblems, PASSWORD_POLICY } from '@decor/core';
import { passwordPolicyQuery } from '../api/get-password-policy.ts';
import { useT } from '../../../lib/i18n.ts';

export interface NewPasswordFieldProps {
  value: string;
  onChange: (value: string) => void;
  email?: string;
  label?: string;
  error?: string | null;
}

/** A new-password field that shows the server's policy and which rules are still unmet. */
export function NewPasswordField({ value, onChange, email, label, error }: NewPasswordFieldProps) {
  const t = useT();
  const { data: policy = PASSWORD_POLICY } = useQuery(passwordPolicyQuery);
  const problems = passwordProblems(value, policy, email);
  const rules = [
    t('app.password.length', { count: policy.minLength }),
    ...(policy.requiresLetter ? [t('app.password.letter')] : []),
    ...(policy.requiresDigit ? [t('app.password.digit')] : []),
  ];
  return (
    <Stack gap={4}>
      <PasswordInput
        label={label ?? t('app.password.label')}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        autoComplete="new-password"
        required
        error={error}
      />
      <Text size="xs" c="dimmed" id="password-rules">
        {t('app.password.needs')}
      </Text>
      <List size="xs" c={value && problems.length ? 'orange.8' : 'dimmed'} aria-describedby="password-rules">
        {rules.map((rule) => (
          <List.Item key={rule}>{rule}</List.Item>
        ))}
      </List>
    </Stack>
  );
}
