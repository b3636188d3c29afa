import type { ChatAttachmentView } from '@doppel/validation';
import { Button, Image, Modal, Text, ThemeIcon } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLock, IconMicrophone } from '@tabler/icons-react';
import { useOpenedOnce } from '../../kit/use-opened-once.ts';
import { attachmentSrc } from '../../media/media-url.ts';
import classes from './fan-chat.module.css';
import { creditsLabel, unlockLabel } from './price-label.ts';

type AttachmentViewProps = {
  attachment: ChatAttachmentView;
  twinName: string;
  /** Absent where nothing can be unlocked (welcome messages are free). */
  onUnlock?: () => void;
  unlocking?: boolean;
};

/** A photo or voice note in a message: locked ones show their price and unlock in place. */
export function AttachmentView(props: AttachmentViewProps) {
  return props.attachment.type === 'IMAGE' ? <ImageAttachment {...props} /> : <VoiceAttachment {...props} />;
}

function ImageAttachment({ attachment, twinName, onUnlock, unlocking }: AttachmentViewProps) {
  const [zoomed, zoom] = useDisclosure(false);
  // The zoomed view is built when first opened, not with every picture in the chat.
  const zoomBuilt = useOpenedOnce(zoomed);
  const ratio = attachment.width && attachment.height ? `${attachment.width} / ${attachment.height}` : '4 / 5';
  const src = attachment.url ? attachmentSrc(attachment.url, attachment.isUnlocked) : undefined;

  if (!attachment.isUnlocked) {
    return (
      <div className={classes.media} style={{ aspectRatio: ratio }} data-testid="chat-image" data-locked="true">
        {src && <img src={src} alt={`Locked, from ${twinName}`} className={classes.lockedImg} loading="lazy" />}
        <div className={classes.lockOverlay}>
          <span className={classes.lockIcon}>
            <IconLock size={22} aria-hidden="true" />
          </span>
          {onUnlock && (
            <Button size="sm" variant="white" color="dark" onClick={onUnlock} loading={unlocking}>
              {unlockLabel(attachment.price)}
            </Button>
          )}
        </div>
      </div>
    );
  }
  return (
    <>
      <button
        type="button"
        className={classes.media}
        style={{ aspectRatio: ratio, cursor: 'zoom-in' }}
        onClick={zoom.open}
        data-testid="chat-image"
        data-locked="false"
        aria-label={`Open the photo from ${twinName}`}
      >
        {src && <img src={src} alt={`From ${twinName}`} loading="lazy" />}
      </button>
      {zoomBuilt && (
        <Modal opened={zoomed} onClose={zoom.close} size="auto" centered padding={0} radius="lg" withCloseButton={false}>
          {src && <Image src={src} alt={`From ${twinName}`} mah="85dvh" maw="92vw" fit="contain" onClick={zoom.close} />}
        </Modal>
      )}
    </>
  );
}

function VoiceAttachment({ attachment, onUnlock, unlocking }: AttachmentViewProps) {
  // Managers and admins get a link to a locked voice note too; a fan gets none until it is unlocked.
  if (attachment.url && (attachment.isUnlocked || !onUnlock)) {
    return (
      <div className={classes.voice} data-testid="chat-voice" data-locked="false">
        {/* biome-ignore lint/a11y/useMediaCaption: a voice note's words are the message text beside it. */}
        <audio controls preload="metadata" src={attachmentSrc(attachment.url, attachment.isUnlocked)} />
      </div>
    );
  }
  return (
    <div className={classes.voice} data-testid="chat-voice" data-locked="true">
      <ThemeIcon size={40} radius="xl" variant="light" style={{ flex: 'none' }}>
        <IconMicrophone size={22} />
      </ThemeIcon>
      <div style={{ flex: 1, minWidth: 0 }}>
        <Text fw={600} fz="sm" lh={1.3}>
          Voice note <IconLock size={13} style={{ verticalAlign: -1 }} aria-label="locked" />
        </Text>
        <Text fz="xs" c="dimmed" lh={1.3}>
          {attachment.price > 0 ? creditsLabel(attachment.price) : 'Free'}
        </Text>
      </div>
      {onUnlock && (
        <Button size="compact-sm" onClick={onUnlock} loading={unlocking} aria-label={unlockLabel(attachment.price)}>
          Unlock
        </Button>
      )}
    </div>
  );
}
