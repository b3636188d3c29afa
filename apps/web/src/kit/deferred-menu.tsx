import { Menu, type MenuProps } from '@mantine/core';
import { cloneElement, type ReactElement, type ReactNode, useEffect, useRef, useState } from 'react';

type TargetProps = {
  ref?: React.Ref<HTMLElement>;
  onClick?: (event: React.MouseEvent<HTMLElement>) => void;
  'aria-haspopup'?: 'menu';
  'aria-expanded'?: boolean;
};

/**
 * A Mantine menu that is built on its first opening; until then its target is the plain button.
 *
 * Why: a mounted menu's positioning library stores its elements in React state from a ref, which
 * re-renders synchronously inside the page's first commit, and that pulls the page's passive
 * effects (its first fetches, its live subscriptions) into the same task. The top bar's menu is on
 * every creator page and in the fan's chat, so each first render paid for it (issue 33).
 *
 * The first tap (or Enter) builds the menu, focuses its target (the plain button it replaced had
 * the focus) and opens it, so it behaves as a Mantine menu from then on: Escape returns the focus
 * to the target.
 */
export function DeferredMenu({
  target,
  children,
  ...menuProps
}: Omit<MenuProps, 'children' | 'opened' | 'defaultOpened'> & {
  /** The button that opens the menu (one element that takes a ref, as Menu.Target requires). */
  target: ReactElement<TargetProps>;
  /** The menu's Menu.Dropdown. */
  children: ReactNode;
}) {
  const [built, setBuilt] = useState(false);
  const [opened, setOpened] = useState(false);
  const targetRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!built) return;
    // Mantine remembers the focused element when the menu opens, to give it back on Escape.
    targetRef.current?.focus();
    setOpened(true);
  }, [built]);
  if (!built) {
    return cloneElement(target, {
      'aria-haspopup': 'menu',
      'aria-expanded': false,
      onClick: (event: React.MouseEvent<HTMLElement>) => {
        target.props.onClick?.(event);
        setBuilt(true);
      },
    });
  }
  return (
    <Menu {...menuProps} opened={opened} onChange={setOpened}>
      <Menu.Target>{cloneElement(target, { ref: targetRef } as TargetProps)}</Menu.Target>
      {children}
    </Menu>
  );
}
