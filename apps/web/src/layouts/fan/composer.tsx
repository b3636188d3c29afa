import { chatMessageMaxLength } from '@doppel/validation';
import { ActionIcon, Textarea } from '@mantine/core';
import { IconArrowUp } from '@tabler/icons-react';
import { type KeyboardEvent, useRef } from 'react';
import classes from './fan-chat.module.css';

type ComposerProps = {
  value: string;
  onChange: (value: string) => void;
  onSend: (text: string) => void;
  placeholder: string;
  sending: boolean;
};

/** The message field: Enter sends, Shift+Enter starts a new line; Send is off while empty. */
export function Composer({ value, onChange, onSend, placeholder, sending }: ComposerProps) {
  const field = useRef<HTMLTextAreaElement>(null);
  const text = value.trim();
  const canSend = text !== '' && !sending;

  const submit = () => {
    if (!canSend) return;
    onSend(text);
    field.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter while an input method is composing (Japanese, Chinese…) confirms the word, not the message.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return (
    <form
      className={classes.composer}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Textarea
        ref={field}
        aria-label="Message"
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        autosize
        minRows={1}
        maxRows={5}
        maxLength={chatMessageMaxLength}
        radius="xl"
        size="md"
        enterKeyHint="send"
        style={{ flex: 1 }}
        styles={{ input: { paddingTop: 9, paddingBottom: 9, fontSize: 16 } }}
      />
      <ActionIcon
        type="submit"
        size={42}
        radius="xl"
        variant="gradient"
        aria-label="Send"
        disabled={!canSend}
        loading={sending}
        style={{ flex: 'none' }}
      >
        <IconArrowUp size={22} stroke={2.4} />
      </ActionIcon>
    </form>
  );
}
