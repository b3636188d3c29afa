import { chatMessageMaxLength } from '@doppel/validation';
import { ActionIcon, Textarea } from '@mantine/core';
import { IconArrowUp } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import classes from './fan-chat.module.css';

// The field grows with its text up to five lines. Where CSS can size it (`field-sizing`), the
// browser does it in its own layout; elsewhere the height is fitted as the fan types. Either way
// nothing is measured when the chat opens: an autosize that measures on mount forced a style and
// layout pass inside the chat's first commit (the longest task on a phone).
const sizesItself = typeof CSS !== 'undefined' && CSS.supports('field-sizing', 'content');

function fitToText(field: HTMLTextAreaElement): void {
  field.style.height = 'auto';
  const border = field.offsetHeight - field.clientHeight;
  field.style.height = `${field.scrollHeight + border}px`;
}

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
  // A sent (cleared) message brings the fitted field back to one line.
  useEffect(() => {
    if (value === '' && field.current) field.current.style.height = '';
  }, [value]);

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
        onChange={(event) => {
          if (!sizesItself) fitToText(event.currentTarget);
          onChange(event.currentTarget.value);
        }}
        onKeyDown={onKeyDown}
        rows={1}
        maxLength={chatMessageMaxLength}
        radius="xl"
        size="md"
        enterKeyHint="send"
        style={{ flex: 1 }}
        classNames={{ input: classes.composerInput }}
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
