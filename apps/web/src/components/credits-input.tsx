import { NumberInput, type NumberInputProps, Text } from '@mantine/core';
import { IconCoin } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { usdEquivalent } from './money.ts';

/**
 * A price in whole credits with its USD value under it, updated as the person types (the creator's
 * monetisation page, the admin's talent pricing). `testId` names the USD line for tests.
 */
export function CreditsInput({ value, testId, children, ...input }: NumberInputProps & { testId: string; children?: ReactNode }) {
  return (
    <div>
      <NumberInput
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="none"
        inputMode="numeric"
        leftSection={<IconCoin size={input.size === 'md' ? 18 : 16} />}
        rightSection={
          <Text size="xs" c="dimmed" pr="sm">
            credits
          </Text>
        }
        rightSectionWidth={64}
        {...input}
        value={value}
      />
      <Text size="sm" c="doppel" fw={600} mt={4} data-testid={testId} aria-live="polite">
        {usdEquivalent(value)}
      </Text>
      {children}
    </div>
  );
}
