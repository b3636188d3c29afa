import { ActionIcon, type ActionIconProps } from '@mantine/core';
import { IconPlayerPlayFilled, IconPlayerStopFilled } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { HoverTooltip } from '../kit/hover-tooltip.tsx';

// One sample plays at a time on the whole page: starting one stops the other.
let playing: { audio: HTMLAudioElement; stop: () => void } | null = null;

/** Plays or stops a voice sample (the creator's voice picker, the admin's voice catalogue). */
export function SamplePlayButton({
  url,
  label,
  size = 'lg',
}: {
  url: string;
  /** Named in the button's label: "Play {label}" / "Stop {label}". */
  label: string;
  size?: ActionIconProps['size'];
}) {
  const [isPlaying, setPlaying] = useState(false);
  const audio = useRef<HTMLAudioElement | null>(null);

  useEffect(
    () => () => {
      audio.current?.pause();
      if (playing?.audio === audio.current) playing = null;
    },
    [],
  );

  const stop = () => {
    audio.current?.pause();
    if (audio.current) audio.current.currentTime = 0;
    setPlaying(false);
  };
  const toggle = () => {
    if (isPlaying) {
      stop();
      return;
    }
    playing?.stop();
    audio.current ??= new Audio(url);
    audio.current.onended = () => setPlaying(false);
    playing = { audio: audio.current, stop };
    setPlaying(true);
    audio.current.play().catch(() => setPlaying(false));
  };

  return (
    <HoverTooltip label={isPlaying ? 'Stop' : 'Play sample'} withArrow>
      <ActionIcon
        variant={isPlaying ? 'filled' : 'light'}
        radius="xl"
        size={size}
        onClick={toggle}
        aria-label={`${isPlaying ? 'Stop' : 'Play'} ${label}`}
      >
        {isPlaying ? <IconPlayerStopFilled size={16} /> : <IconPlayerPlayFilled size={16} />}
      </ActionIcon>
    </HoverTooltip>
  );
}
