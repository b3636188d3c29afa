import type { Me } from '@doppel/validation';
import { Box, Center } from '@mantine/core';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AccountHeader } from '../../components/account-header.tsx';
import { JoinWaitlist } from './join-waitlist.tsx';
import { OnWaitlist } from './on-waitlist.tsx';

/** Signed in but not let in yet (docs/product-rules.md#waitlist): the join screen, or the thank-you screen once applied. */
export function WaitlistLayout({ me }: { me: Me }) {
  const applied = me.waitlistStatus === 'PENDING' || me.waitlistStatus === 'REJECTED';
  return (
    <Box mih="100dvh" bg="var(--mantine-color-doppel-0)">
      <AccountHeader name={me.name} email={me.email} />
      <Center px="md" py={{ base: 24, sm: 56 }}>
        <Routes>
          <Route index element={applied ? <OnWaitlist /> : <JoinWaitlist me={me} />} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </Center>
    </Box>
  );
}
