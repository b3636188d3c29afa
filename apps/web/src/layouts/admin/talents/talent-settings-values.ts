// The Settings tab's form values and their mapping to and from admin.talents (get / update). Pure,
// unit-tested. The form keeps the payload's field names, so the schema's error paths
// (`chatExamples.1.requestText`) and the server's field errors land on the form's inputs as they are.
import {
  type AdminTalent,
  type AdminTalentUpdateFormInput,
  adminTalentUpdateInput,
  factsFromText,
  factsToText,
  type Gender,
  isOfferedInterest,
  type LlmType,
  type PersonalityTrait,
  type Purpose,
  personalityTraits,
} from '@doppel/validation';
import { schemaResolver } from '@mantine/form';
import { answeredByAiDefault, startersForSave } from '../../talent/settings/starters.ts';

export type StarterRow = { key: string; id?: string; text: string; answer: string };
export type WelcomeRow = { key: string; id?: string; text: string /** A stored image's path, '' for none. */; imagePath: string };
export type ExampleRow = { key: string; requestText: string; responseText: string };
export type AttachmentRow = { id: string; context: string; url: string; originalFileName: string };

/** Number inputs hold '' while empty. */
type NumberField = number | string;

export type SettingsValues = {
  name: string;
  tag: string;
  gender: Gender | null;
  age: NumberField;
  isAdult: boolean;
  creditsToSendMessage: NumberField;
  creditsToUnlockImage: NumberField;
  creditsToUnlockAudio: NumberField;
  /** The "First image offer" switch; off sends creditsToUnlockFirstImage as null. */
  firstImageOffer: boolean;
  creditsToUnlockFirstImage: NumberField;
  subscriptionProductId: string;
  chatMessageForAuth: string;
  chatMessageForCheckout: string;
  chatMessageForSubscription: string;
  /** The "Answered by AI" switch; on sends no answers (docs/product-rules.md#conversation-starters). */
  answeredByAi: boolean;
  chatMessageSuggestions: StarterRow[];
  initialChatMessages: WelcomeRow[];
  voiceId: string;
  purpose: Purpose | '';
  personalityTraits: string[];
  interests: string[];
  /** One fact per line. */
  facts: string;
  chatPrompt: string;
  hasCustomChatPrompt: boolean;
  revenueShare: NumberField;
  chatExampleCount: NumberField;
  chatExamples: ExampleRow[];
  llmType: LlmType;
  llmTemperature: NumberField;
  llmModelId: string;
  llmFineTunedModelId: string;
  faqId: string;
  referralRevenueShareForInviter: NumberField;
  referralRevenueShareForInvitees: NumberField;
  staticAttachments: AttachmentRow[];
};

/** The form's values for a talent; the same talent always gives the same values (live sync compares them). */
export function settingsValuesOf(talent: AdminTalent): SettingsValues {
  return {
    name: talent.name,
    tag: talent.tag ?? '',
    gender: talent.gender,
    age: talent.age ?? '',
    isAdult: talent.isAdult,
    creditsToSendMessage: talent.creditsToSendMessage,
    creditsToUnlockImage: talent.creditsToUnlockImage,
    creditsToUnlockAudio: talent.creditsToUnlockAudio,
    firstImageOffer: talent.creditsToUnlockFirstImage !== null,
    creditsToUnlockFirstImage: talent.creditsToUnlockFirstImage ?? '',
    subscriptionProductId: talent.subscriptionProductId ?? '',
    chatMessageForAuth: talent.chatMessageForAuth ?? '',
    chatMessageForCheckout: talent.chatMessageForCheckout ?? '',
    chatMessageForSubscription: talent.chatMessageForSubscription ?? '',
    answeredByAi: answeredByAiDefault(talent.chatMessageSuggestions),
    chatMessageSuggestions: talent.chatMessageSuggestions.map((starter) => ({
      key: starter.id,
      id: starter.id,
      text: starter.text,
      answer: starter.answer ?? '',
    })),
    initialChatMessages: talent.initialChatMessages.map((message) => ({
      key: message.id,
      id: message.id,
      text: message.text,
      imagePath: message.image?.filePath ?? '',
    })),
    voiceId: talent.voice?.id ?? '',
    purpose: talent.purpose ?? '',
    personalityTraits: talent.personalityTraits,
    interests: talent.interests.map((interest) => interest.value),
    facts: factsToText(talent.facts),
    chatPrompt: talent.chatPrompt,
    hasCustomChatPrompt: talent.hasCustomChatPrompt,
    revenueShare: talent.revenueShare,
    chatExampleCount: talent.chatExampleCount,
    chatExamples: talent.chatExamples.map((example, index) => ({ key: `example-${index}`, ...example })),
    llmType: talent.llmType,
    llmTemperature: talent.llmTemperature,
    llmModelId: talent.llmModelId,
    llmFineTunedModelId: talent.llmFineTunedModelId ?? '',
    faqId: talent.faqId ?? '',
    referralRevenueShareForInviter: talent.referralRevenueShareForInviter,
    referralRevenueShareForInvitees: talent.referralRevenueShareForInvitees,
    staticAttachments: talent.staticAttachments.map((image) => ({
      id: image.id,
      context: image.context,
      url: image.url,
      originalFileName: image.originalFileName,
    })),
  };
}

const isOfferedTrait = (value: string): value is PersonalityTrait => (personalityTraits as readonly string[]).includes(value);

/** What `admin.talents.update` takes for these values (before the schema parses it). */
export function updateInputOf(talentId: string, values: SettingsValues): AdminTalentUpdateFormInput {
  return {
    talentId,
    name: values.name,
    tag: values.tag,
    gender: values.gender,
    age: values.age,
    isAdult: values.isAdult,
    creditsToSendMessage: values.creditsToSendMessage,
    creditsToUnlockImage: values.creditsToUnlockImage,
    creditsToUnlockAudio: values.creditsToUnlockAudio,
    creditsToUnlockFirstImage: values.firstImageOffer ? values.creditsToUnlockFirstImage : null,
    subscriptionProductId: values.subscriptionProductId,
    chatMessageForAuth: values.chatMessageForAuth,
    chatMessageForCheckout: values.chatMessageForCheckout,
    chatMessageForSubscription: values.chatMessageForSubscription,
    chatMessageSuggestions: startersForSave(values.chatMessageSuggestions, values.answeredByAi),
    initialChatMessages: values.initialChatMessages.map((row) => ({
      ...(row.id ? { id: row.id } : {}),
      text: row.text,
      image: row.imagePath ? { filePath: row.imagePath } : null,
    })),
    voiceId: values.voiceId,
    purpose: values.purpose || null,
    personalityTraits: values.personalityTraits.filter(isOfferedTrait),
    // Interests no longer offered are dropped on save, as on the creator's profile page.
    interests: values.interests.filter(isOfferedInterest),
    facts: factsFromText(values.facts),
    chatPrompt: values.chatPrompt,
    hasCustomChatPrompt: values.hasCustomChatPrompt,
    revenueShare: values.revenueShare,
    chatExampleCount: values.chatExampleCount,
    chatExamples: values.chatExamples.map(({ requestText, responseText }) => ({ requestText, responseText })),
    llmType: values.llmType,
    llmTemperature: values.llmTemperature,
    llmModelId: values.llmModelId,
    llmFineTunedModelId: values.llmFineTunedModelId,
    faqId: values.faqId || null,
    referralRevenueShareForInviter: values.referralRevenueShareForInviter,
    referralRevenueShareForInvitees: values.referralRevenueShareForInvitees,
    staticAttachments: values.staticAttachments.map(({ id, context }) => ({ id, context })),
  };
}

/** Lists edited by one input (a chip group, a textarea): an error on an item belongs to the input. */
const wholeFieldLists = new Set(['facts', 'interests', 'personalityTraits']);

const resolver = schemaResolver(adminTalentUpdateInput, { sync: true });

/** The form's validation: the update schema's messages, on the inputs that show them. */
export function validateSettings(talentId: string, values: SettingsValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(resolver(updateInputOf(talentId, values)))) {
    const [head = path] = path.split('.');
    const field = wholeFieldLists.has(head) ? head : path;
    if (typeof message === 'string' && !errors[field]) errors[field] = message;
  }
  return errors;
}
