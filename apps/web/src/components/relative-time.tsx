import { Text, type TextProps } from '@mantine/core';
import { useLongPress } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { TooltipOnceOpened } from '../kit/hover-tooltip.tsx';
import { formatDateTime, formatRelativeTime } from './format-date.ts';
import classes from './relative-time.module.css';
import { useNow } from './use-now.ts';

const hoverDelayMs = 300;
/** A press this long on a touch screen is a long press (the length phones use for their own menus). */
const longPressMs = 450;

/**
 * "2 days ago" in a list, with the full date and time ("25/11/2026 at 17:06") on mouse hover, on
 * keyboard focus, or on a long press on a touch screen. The tooltip is opened here rather than by
 * Mantine's hover and touch events: on a phone those fire on the compatibility mouse events of a
 * plain tap (which in a list row should open the row) and not on a long press, which the browser
 * takes for text selection. A long press leaves the date shown until the next touch or scroll.
 */
export function RelativeTime({
  value,
  focusable = true,
  className,
  ...text
}: {
  value: string;
  /** False inside a row that is itself a link or button: the row is the keyboard stop, not its date. */
  focusable?: boolean;
  className?: string;
} & TextProps) {
  // A minute is the finest step it shows: re-read the clock once a minute.
  const now = useNow(true, 60_000);
  const [opened, setOpened] = useState(false);
  const timeRef = useRef<HTMLTimeElement>(null);
  const hoverTimer = useRef<number | undefined>(undefined);
  /** Opened by a long press (stays until the next touch). */
  const pressed = useRef(false);
  /** A finger is on the date now. */
  const touching = useRef(false);
  const openByPress = () => {
    pressed.current = true;
    setOpened(true);
  };
  const longPress = useLongPress(openByPress, {
    threshold: longPressMs,
    events: ['touch'],
    cancelOnMove: true,
    onStart: () => {
      touching.current = true;
    },
    onFinish: () => {
      touching.current = false;
    },
    onCancel: () => {
      touching.current = false;
    },
  });

  useEffect(() => () => window.clearTimeout(hoverTimer.current), []);
  useEffect(() => {
    if (!opened || !pressed.current) return;
    const close = () => {
      pressed.current = false;
      setOpened(false);
    };
    // Listening starts after the long press, so only the next touch (anywhere) or a scroll closes it.
    document.addEventListener('pointerdown', close, true);
    window.addEventListener('scroll', close, true);
    return () => {
      document.removeEventListener('pointerdown', close, true);
      window.removeEventListener('scroll', close, true);
    };
  }, [opened]);

  return (
    <>
      <Text
        ref={timeRef}
        component="time"
        dateTime={value}
        tabIndex={focusable ? 0 : -1}
        className={className ? `${classes.time} ${className}` : classes.time}
        {...text}
        {...longPress}
        onPointerEnter={(event) => {
          if (event.pointerType !== 'mouse') return;
          window.clearTimeout(hoverTimer.current);
          hoverTimer.current = window.setTimeout(() => setOpened(true), hoverDelayMs);
        }}
        onPointerLeave={(event) => {
          if (event.pointerType !== 'mouse') return;
          window.clearTimeout(hoverTimer.current);
          if (!pressed.current) setOpened(false);
        }}
        // Keyboard focus shows it; a tap's focus does not (that is the long press's job).
        onFocus={(event) => {
          if (event.currentTarget.matches(':focus-visible')) setOpened(true);
        }}
        onBlur={() => {
          if (!pressed.current) setOpened(false);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpened(false);
        }}
        // A long press shows the date instead of the phone's menu (some phones call it before our timer).
        onContextMenu={(event) => {
          if (!touching.current && !pressed.current) return;
          event.preventDefault();
          openByPress();
        }}
      >
        {formatRelativeTime(value, new Date(now))}
      </Text>
      {/* Built on its first opening, beside the date rather than around it (see TooltipOnceOpened). */}
      <TooltipOnceOpened target={timeRef} label={formatDateTime(value)} opened={opened} />
    </>
  );
}
