import { useEffect, useState } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { storageKeys, writeStored } from '../storage/stored-value.ts';

/** /r/{referralTalentTag}: remembers who referred this creator (read at onboarding), then goes home. */
export function ReferralRedirect() {
  const { referralTalentTag } = useParams();
  const [stored, setStored] = useState(false);
  useEffect(() => {
    const tag = referralTalentTag?.trim();
    if (tag) writeStored(storageKeys.referralTalentTag, tag);
    setStored(true);
  }, [referralTalentTag]);
  // Redirect only once the tag is stored, so the access flow already sees it.
  return stored ? <Navigate to="/" replace /> : null;
}
