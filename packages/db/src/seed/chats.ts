// Demo conversations and the rows they become: chats, alternating USER/TALENT messages and one
// chat prompt per AI reply (the admin message dialog's Input and Output tabs).
import type { Reaction } from '@doppel/validation';
import type {
  ChatPromptFunction,
  chatMessages,
  chatPrompts,
  chats,
  FunctionSchemaConfig,
  MessageAttachment,
} from '../schema/index.ts';
import { newId } from '../schema/index.ts';

export type DemoTurn = {
  user: string;
  reply: string;
  /** An image from the gallery (by index) or a voice note sent with the reply. */
  attachment?: { type: 'IMAGE'; galleryIndex: number; isUnlocked: boolean } | { type: 'AUDIO'; isUnlocked: boolean };
  reaction?: Reaction;
  reactionFeedback?: string;
  faqItem?: { question: string; score: number };
};

export type DemoChat = {
  fan: string;
  talent: 'mia' | 'leo';
  startedDaysAgo: number;
  turns: DemoTurn[];
};

export const demoChats: DemoChat[] = [
  {
    fan: 'fan1',
    talent: 'mia',
    startedDaysAgo: 40,
    turns: [
      {
        user: 'Hey Mia! Just watched your Azores reel, it looks unreal',
        reply: 'Right?? Those cliffs made me cry a little 🥹 Have you been?',
      },
      {
        user: 'Never, but it’s on my list now. Where should I stay?',
        reply: 'Ponta Delgada as a base, then a night in Sete Cidades. Wake up early for the lakes!',
      },
      {
        user: 'Can you send me a photo from the trip?',
        reply: 'Here’s my favourite, sunset at the hot springs 🌅',
        attachment: { type: 'IMAGE', galleryIndex: 0, isUnlocked: true },
        reaction: 'THUMBS_UP',
      },
      { user: 'Wow. Saving this as my wallpaper', reply: 'Haha honoured 😌 Send me yours when you go!' },
    ],
  },
  {
    fan: 'fan2',
    talent: 'mia',
    startedDaysAgo: 25,
    turns: [
      {
        user: 'Mia what’s your paella secret?',
        reply: 'Socarrat! Let the bottom crisp for the last two minutes and never stir 🥘',
      },
      {
        user: 'Can I hear you say that? 😄',
        reply: 'Recording just for you 🎙️',
        attachment: { type: 'AUDIO', isUnlocked: false },
        reaction: 'THUMBS_DOWN',
        reactionFeedback: 'The voice note felt generic and she forgot I said I’m vegetarian.',
      },
      {
        user: 'I’m vegetarian btw',
        reply: 'Ooh then artichokes, green beans and smoked paprika. Still crispy, still perfect 💚',
      },
    ],
  },
  {
    fan: 'fan3',
    talent: 'mia',
    startedDaysAgo: 12,
    turns: [
      {
        user: 'Hi! How do credits work here?',
        reply:
          'Each message costs a credit, photos and voice notes a few more. Free credits go first, so you’re good for a while 😊',
        faqItem: { question: 'How do credits work?', score: 0.91 },
      },
      {
        user: 'Ok cool. Any yoga tip for tight hips?',
        reply: 'Pigeon pose, two minutes each side, breathe into it. Your hips will thank you 🧘‍♀️',
      },
      {
        user: 'Do you teach online?',
        reply: 'Only my Saturday sunrise class in Lisbon for now, but I’ll tell you first if that changes!',
      },
    ],
  },
  {
    fan: 'fan4',
    talent: 'mia',
    startedDaysAgo: 8,
    turns: [
      { user: 'Ciao Mia! Surfed in Ericeira last week thanks to you', reply: 'No way!! Which beach? Did you stand up? 🏄‍♀️' },
      {
        user: 'Ribeira d’Ilhas, stood up twice 😅 show me you surfing!',
        reply: 'Proof that I fall a lot too 😂',
        attachment: { type: 'IMAGE', galleryIndex: 1, isUnlocked: false },
        reaction: 'THUMBS_UP',
        reactionFeedback: 'Love the photo, worth the credits!',
      },
      { user: 'Haha unlocked it, looks great', reply: 'Thank you 🥰 Next time we race to the peak' },
    ],
  },
  {
    fan: 'fan5',
    talent: 'mia',
    startedDaysAgo: 3,
    turns: [{ user: 'hi', reply: 'Hi hi! 👋 Where are you texting from?' }],
  },
  {
    fan: 'anonymous',
    talent: 'mia',
    startedDaysAgo: 1,
    turns: [{ user: 'is this really mia?', reply: 'It’s my AI twin, trained on how I text, but I read the vibes 😉 What’s up?' }],
  },
  {
    fan: 'creator',
    talent: 'mia',
    startedDaysAgo: 30,
    turns: [
      {
        user: 'Hey, it’s me testing you. What’s Churro up to?',
        reply: 'Haha hi me! Churro is asleep on the laptop again, as usual 🐈',
      },
      { user: 'Good. Be a bit more flirty with fans, ok?', reply: 'Noted 😏 A little more sparkle, same old Mia.' },
    ],
  },
  {
    fan: 'fan1',
    talent: 'leo',
    startedDaysAgo: 15,
    turns: [
      {
        user: 'Leo, best split for a beginner?',
        reply: 'Full body three times a week. Keep it simple and show up, that’s 90% of it 💪',
      },
      {
        user: 'How much protein?',
        reply: 'About 1.6 g per kg of bodyweight. Eggs, lentils, chicken, repeat.',
        reaction: 'THUMBS_DOWN',
        reactionFeedback: 'Too short, wanted a meal plan.',
      },
    ],
  },
  // A fan who opened the chat but never wrote: only the welcome message, no interaction flags.
  { fan: 'fan3', talent: 'leo', startedDaysAgo: 5, turns: [] },
];

export type ChatRow = typeof chats.$inferInsert;
export type ChatMessageRow = typeof chatMessages.$inferInsert;
export type ChatPromptRow = typeof chatPrompts.$inferInsert;

export function promptFunctions(config: FunctionSchemaConfig): ChatPromptFunction[] {
  return [
    {
      name: config.generateImageAttachment.name,
      description: config.generateImageAttachment.description,
      parameters: {
        type: 'object',
        properties: {
          context: { type: 'string', description: config.generateImageAttachment.contextDescription },
          successText: { type: 'string', description: config.generateImageAttachment.successTextDescription },
          failureText: { type: 'string', description: config.generateImageAttachment.failureTextDescription },
        },
        required: ['context', 'successText', 'failureText'],
      },
    },
    {
      name: config.generateAudioAttachment.name,
      description: config.generateAudioAttachment.description,
      parameters: {
        type: 'object',
        properties: {
          successText: { type: 'string', description: config.generateAudioAttachment.successTextDescription },
          failureText: { type: 'string', description: config.generateAudioAttachment.failureTextDescription },
        },
        required: ['successText', 'failureText'],
      },
    },
  ];
}

const tokens = (text: string) => Math.ceil(text.length / 4);

export type BuildChatInput = {
  script: DemoChat;
  chatId: string;
  talentId: string;
  userId: string;
  startedAt: Date;
  welcomeText: string;
  systemPrompt: string;
  llmFineTunedModelId: string | null;
  llmTemperature: number;
  gallery: { filePath: string; width: number; height: number; context: string }[];
  functionConfig: FunctionSchemaConfig;
  audioPath: (messageId: string) => string;
};

/** Messages are four minutes apart, starting with the twin's welcome message. */
export function buildChat(input: BuildChatInput): { messages: ChatMessageRow[]; prompts: ChatPromptRow[]; lastAt: Date } {
  const { script, chatId } = input;
  const messages: ChatMessageRow[] = [];
  const prompts: ChatPromptRow[] = [];
  let at = input.startedAt.getTime();
  const next = () => {
    at += 4 * 60_000;
    return new Date(at);
  };
  messages.push({ id: newId(), chatId, senderType: 'TALENT', text: input.welcomeText, createdAt: new Date(at) });
  const history: { type: 'USER' | 'TALENT'; text: string }[] = [{ type: 'TALENT', text: input.welcomeText }];
  const functions = promptFunctions(input.functionConfig);

  for (const turn of script.turns) {
    const userMessageId = newId();
    messages.push({ id: userMessageId, chatId, senderType: 'USER', text: turn.user, createdAt: next() });
    history.push({ type: 'USER', text: turn.user });

    const replyId = newId();
    const attachments: MessageAttachment[] = [];
    let responseFunction: ChatPromptRow['responseFunction'] = null;
    if (turn.attachment?.type === 'IMAGE') {
      const image = input.gallery[turn.attachment.galleryIndex];
      if (!image) throw new Error(`Demo chat refers to missing gallery image ${turn.attachment.galleryIndex}`);
      attachments.push({
        type: 'IMAGE',
        filePath: image.filePath,
        dimensions: { width: image.width, height: image.height },
        isUnlocked: turn.attachment.isUnlocked,
      });
      responseFunction = {
        name: input.functionConfig.generateImageAttachment.name,
        arguments: JSON.stringify({
          context: image.context,
          successText: turn.reply,
          failureText: 'No photo of that yet, sorry!',
        }),
      };
    } else if (turn.attachment?.type === 'AUDIO') {
      attachments.push({ type: 'AUDIO', filePath: input.audioPath(replyId), isUnlocked: turn.attachment.isUnlocked });
      responseFunction = {
        name: input.functionConfig.generateAudioAttachment.name,
        arguments: JSON.stringify({ successText: turn.reply, failureText: 'My voice is gone today, text you instead!' }),
      };
    }
    const replyAt = next();
    messages.push({
      id: replyId,
      chatId,
      senderType: 'TALENT',
      text: turn.reply,
      attachments,
      reaction: turn.reaction ?? null,
      reactionFeedback: turn.reactionFeedback ?? null,
      replyToMessageId: userMessageId,
      createdAt: replyAt,
    });

    const promptMessages = [{ type: 'SYSTEM' as const, text: input.systemPrompt }, ...history.slice(-10)];
    const promptTokens = promptMessages.reduce((sum, message) => sum + tokens(message.text), 0);
    const completionTokens = tokens(turn.reply) + (responseFunction ? tokens(responseFunction.arguments) : 0);
    prompts.push({
      id: replyId,
      chatId,
      llmType: 'OPENAI',
      llmFineTunedModelId: input.llmFineTunedModelId,
      llmTemperature: input.llmTemperature,
      messages: promptMessages,
      faqItems: turn.faqItem ? [turn.faqItem] : [],
      faqMinScore: 0.8,
      functions,
      tokenUsage: { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens },
      responseText: responseFunction ? null : turn.reply,
      responseFallbackText: responseFunction ? turn.reply : null,
      responseFunction,
      createdAt: replyAt,
    });
    history.push({ type: 'TALENT', text: turn.reply });
  }
  return { messages, prompts, lastAt: new Date(at) };
}
