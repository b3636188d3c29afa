import { IconMessageChatbot } from '@tabler/icons-react';
import { trpc } from '../../../trpc/trpc.ts';
import { QuickLink } from './quick-link.tsx';

/**
 * "Chat with your AI": asks the server for a single-use sign-in link to the twin's fan messenger and
 * opens it in a new tab. The tab is opened at once (a popup opened after an await is blocked), then
 * pointed at the link; on failure it closes and the error reaches the shared handler.
 */
export function ChatWithYourAi({ talentId, tag }: { talentId: string; tag: string | null }) {
  const createToken = trpc.talent.chatAuth.createToken.useMutation();
  const open = () => {
    const tab = window.open('', '_blank');
    // The messenger needs no handle on the dashboard (what noopener would give, kept manually here).
    if (tab) tab.opener = null;
    createToken.mutate(
      { talentId },
      {
        onSuccess: ({ url }) => {
          if (tab) tab.location.href = url;
          else window.location.href = url;
        },
        onError: () => {
          tab?.close();
        },
      },
    );
  };
  return (
    <QuickLink
      icon={<IconMessageChatbot size={20} />}
      label="Chat with your AI"
      description={tag ? `Talk to @${tag} as a fan would` : 'Talk to your twin as a fan would'}
      onClick={open}
      loading={createToken.isPending}
    />
  );
}
