import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { LoadingPanel } from '../components/loading-panel.tsx';
import { storageKeys, writeStored } from '../storage/stored-value.ts';
import { trpc } from '../trpc/trpc.ts';

/**
 * /r/{referralTalentTag}: remembers who referred this creator (sent with the first onboarding submit),
 * then goes home. Only a tag naming a real talent is kept; an unknown one is ignored without a word.
 */
export function ReferralRedirect() {
  const tag = useParams().referralTalentTag?.trim() ?? '';
  const navigate = useNavigate();
  const check = trpc.onboarding.checkReferralTag.useQuery({ tag }, { enabled: tag !== '', retry: false, staleTime: 0 });

  const settled = tag === '' || check.isSuccess || check.isError;
  const valid = check.data?.valid === true;
  useEffect(() => {
    if (!settled) return;
    // Stored before the redirect, so the access flow already sees it.
    if (valid) writeStored(storageKeys.referralTalentTag, tag);
    navigate('/', { replace: true });
  }, [settled, valid, tag, navigate]);

  return <LoadingPanel fullScreen label="Opening your invitation…" />;
}
