import { Tooltip, type TooltipProps } from '@mantine/core';
import { cloneElement, type ReactElement, type RefObject, useEffect, useRef, useState } from 'react';
import { useOpenedOnce } from './use-opened-once.ts';

/**
 * A Mantine tooltip beside its target (target mode), built the first time it opens.
 *
 * Why: a mounted tooltip's positioning library stores its elements in React state from a ref,
 * which re-renders synchronously inside the page's first commit and pulls the page's passive
 * effects into the same long task. A list of dates, reactions or badges paid that for every row
 * on a phone (issue 33); built on demand, a page pays only for the tooltip someone opens.
 */
export function TooltipOnceOpened({
  target,
  opened,
  ...tooltip
}: Omit<TooltipProps, 'children' | 'target' | 'opened'> & { target: RefObject<HTMLElement | null>; opened: boolean }) {
  const built = useOpenedOnce(opened);
  return built ? <Tooltip {...tooltip} target={target} opened={opened} /> : null;
}

type TriggerProps = {
  ref?: React.Ref<HTMLElement>;
  onPointerEnter?: (event: React.PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: React.PointerEvent<HTMLElement>) => void;
  onFocus?: (event: React.FocusEvent<HTMLElement>) => void;
  onBlur?: (event: React.FocusEvent<HTMLElement>) => void;
  onKeyDown?: (event: React.KeyboardEvent<HTMLElement>) => void;
};

/**
 * The app's hover tooltip: shown while a mouse is over its child (after `openDelay`) or while the
 * child has keyboard focus (Escape hides it), as Mantine's Tooltip would show it, and built only then
 * (TooltipOnceOpened). A tap on a touch screen shows nothing, as with Mantine's defaults.
 */
export function HoverTooltip({
  children,
  openDelay = 0,
  ...tooltip
}: Omit<TooltipProps, 'children' | 'target' | 'opened' | 'events'> & {
  /** One element that takes a ref (a Mantine component, a button). */
  children: ReactElement<TriggerProps>;
}) {
  const target = useRef<HTMLElement>(null);
  const [opened, setOpened] = useState(false);
  const openTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(openTimer.current), []);
  const close = () => {
    window.clearTimeout(openTimer.current);
    setOpened(false);
  };
  const own = children.props;
  const trigger = cloneElement(children, {
    ref: target,
    onPointerEnter: (event) => {
      own.onPointerEnter?.(event);
      if (event.pointerType !== 'mouse') return;
      window.clearTimeout(openTimer.current);
      openTimer.current = window.setTimeout(() => setOpened(true), openDelay);
    },
    onPointerLeave: (event) => {
      own.onPointerLeave?.(event);
      close();
    },
    onFocus: (event) => {
      own.onFocus?.(event);
      if (event.currentTarget.matches(':focus-visible')) setOpened(true);
    },
    onBlur: (event) => {
      own.onBlur?.(event);
      close();
    },
    // Escape dismisses it without moving the focus (WCAG 1.4.13).
    onKeyDown: (event) => {
      own.onKeyDown?.(event);
      if (event.key === 'Escape') close();
    },
  } satisfies TriggerProps);
  return (
    <>
      {trigger}
      <TooltipOnceOpened {...tooltip} target={target} opened={opened} />
    </>
  );
}
