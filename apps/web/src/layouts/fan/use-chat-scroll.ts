import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { dismissPageShell } from '../../shell/page-shell.ts';

/** Distance from the bottom within which new messages keep the view pinned to the end. */
const stickToBottomPx = 120;

/**
 * The chat's scrolling: pinned to the newest message unless the fan scrolled up to read; loading
 * older messages keeps the one under the fan's eye in place.
 */
export function useChatScroll({ isFetchingOlder }: { isFetchingOlder: boolean }) {
  const scroller = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const restore = useRef<{ height: number; top: number } | null>(null);
  const pinned = useRef(false);
  const fetchingOlder = useRef(isFetchingOlder);
  fetchingOlder.current = isFetchingOlder;

  const pin = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    if (restore.current && !fetchingOlder.current) {
      element.scrollTop = restore.current.top + (element.scrollHeight - restore.current.height);
      restore.current = null;
    } else if (nearBottom.current && !restore.current) {
      element.scrollTop = element.scrollHeight;
    }
  }, []);
  useLayoutEffect(() => {
    if (pinned.current) pin();
  });
  // The first commit measures nothing: reading the height there forced the whole chat's style and
  // layout inside the commit, the longest task on a phone. The server's first paint of this chat
  // (the same intro and welcome messages) still covers the app meanwhile; in the next frame, before
  // it paints, the chat goes to its newest message and only then does the cover go, so the
  // hand-over shows no jump.
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      pinned.current = true;
      pin();
      dismissPageShell();
    });
    return () => cancelAnimationFrame(frame);
  }, [pin]);

  // Far enough up to need a way back down to the newest message.
  const [readingBack, setReadingBack] = useState(false);
  const onScroll = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    const fromBottom = element.scrollHeight - element.scrollTop - element.clientHeight;
    nearBottom.current = fromBottom < stickToBottomPx;
    setReadingBack(fromBottom > 3 * stickToBottomPx);
  }, []);

  return {
    scroller,
    onScroll,
    readingBack,
    scrollToLatest: () => scroller.current?.scrollTo({ top: scroller.current.scrollHeight, behavior: 'smooth' }),
    /** Before older messages load: remember where the fan is reading. */
    keepPlace: () => {
      const element = scroller.current;
      if (element) restore.current = { height: element.scrollHeight, top: element.scrollTop };
    },
    /** The fan's own message brings the view back to the end. */
    followNewest: () => {
      nearBottom.current = true;
    },
  };
}
