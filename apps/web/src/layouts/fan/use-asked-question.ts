import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { askFromSearch, askParam, searchWithoutAsk } from './ask-param.ts';

/**
 * The question the address brought (`?ask=`, from /discover), read once when the chat opens: it
 * starts the composer's text, and leaves the address (replaced, no new history entry) so a reload
 * or a later visit does not fill it again.
 */
export function useAskedQuestion(): string {
  const location = useLocation();
  const navigate = useNavigate();
  const [asked] = useState(() => askFromSearch(location.search) ?? '');
  const carriesAsk = new URLSearchParams(location.search).has(askParam);
  useEffect(() => {
    if (!carriesAsk) return;
    navigate({ pathname: location.pathname, search: searchWithoutAsk(location.search), hash: location.hash }, { replace: true });
  }, [carriesAsk, location.pathname, location.search, location.hash, navigate]);
  return asked;
}
