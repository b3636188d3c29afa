import { useEffect, useRef, useState } from 'react';
import classes from './fan-chat.module.css';
import { type OverflowEdges, overflowEdges } from './overflow-edges.ts';

type StarterChipsProps = {
  starters: readonly { id: string; text: string }[];
  onPick: (starter: { id: string; text: string }) => void;
  disabled: boolean;
};

/**
 * The conversation starters above the composer: one row that scrolls sideways when the chips do
 * not fit (a phone), so they never push the composer up by several lines. The row fades out on
 * each end that hides chips, which is the hint to scroll; chips are plain buttons, so Tab reaches
 * each one and the browser scrolls it into view.
 */
export function StarterChips({ starters, onPick, disabled }: StarterChipsProps) {
  const row = useRef<HTMLFieldSetElement>(null);
  const [edges, setEdges] = useState<OverflowEdges>('none');

  // biome-ignore lint/correctness/useExhaustiveDependencies: other starters are other chips to observe.
  useEffect(() => {
    const element = row.current;
    if (!element) return;
    // The same value again does not re-render, so measuring on every scroll event is cheap.
    const measure = () => setEdges(overflowEdges(element));
    // No measuring in the commit that shows the chips: the observer's first report comes after
    // the browser's own layout (nothing forced), and the fade it may add a frame later is a hint,
    // not content that moves.
    element.addEventListener('scroll', measure, { passive: true });
    // The row's width follows the screen (rotation, resizing); its chips change with the twin's starters.
    const resize = new ResizeObserver(measure);
    resize.observe(element);
    for (const chip of element.children) resize.observe(chip);
    return () => {
      element.removeEventListener('scroll', measure);
      resize.disconnect();
    };
  }, [starters]);

  return (
    <fieldset ref={row} className={classes.starters} aria-label="Conversation starters" data-overflow={edges}>
      {starters.map((starter) => (
        <button key={starter.id} type="button" className={classes.starter} onClick={() => onPick(starter)} disabled={disabled}>
          {starter.text}
        </button>
      ))}
    </fieldset>
  );
}
