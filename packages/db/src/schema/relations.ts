// Drizzle relations for the relational query API (`db.query.*.findMany({ with })`), all in one file.
import { relations } from 'drizzle-orm';
import { appConfigs } from './app-config.ts';
import { staticAttachments } from './attachments.ts';
import { broadcasts } from './broadcasts.ts';
import { chatMessages, chatPrompts, chats } from './chats.ts';
import { earningFrames, metricFrames } from './earnings.ts';
import { faqItems, faqs } from './faqs.ts';
import { invitations } from './invitations.ts';
import { models, modelVersions } from './models.ts';
import { payments } from './payments.ts';
import { payouts } from './payouts.ts';
import { products } from './products.ts';
import { publicTalents } from './public-talents.ts';
import { talentConfigs } from './talent-configs.ts';
import { talentDrafts } from './talent-drafts.ts';
import { talentManagers, talents } from './talents.ts';
import { users } from './users.ts';

export const usersRelations = relations(users, ({ many, one }) => ({
  managedTalents: many(talentManagers),
  talentDraft: one(talentDrafts, { fields: [users.id], references: [talentDrafts.userId] }),
  chats: many(chats),
  payments: many(payments),
}));

export const talentsRelations = relations(talents, ({ many, one }) => ({
  config: one(talentConfigs, { fields: [talents.id], references: [talentConfigs.id] }),
  managers: many(talentManagers),
  staticAttachments: many(staticAttachments),
  chats: many(chats),
  broadcasts: many(broadcasts),
  earningFrames: many(earningFrames),
  metricFrames: many(metricFrames),
  payouts: many(payouts),
  payments: many(payments),
  faqs: many(faqs),
  models: many(models),
  publicTalent: one(publicTalents, { fields: [talents.id], references: [publicTalents.id] }),
  invitations: many(invitations),
}));

export const talentManagersRelations = relations(talentManagers, ({ one }) => ({
  user: one(users, { fields: [talentManagers.userId], references: [users.id] }),
  talent: one(talents, { fields: [talentManagers.talentId], references: [talents.id] }),
}));

export const talentDraftsRelations = relations(talentDrafts, ({ one }) => ({
  user: one(users, { fields: [talentDrafts.userId], references: [users.id] }),
  talent: one(talents, { fields: [talentDrafts.talentId], references: [talents.id], relationName: 'draftTalent' }),
  referralTalent: one(talents, {
    fields: [talentDrafts.referralTalentId],
    references: [talents.id],
    relationName: 'draftReferralTalent',
  }),
}));

export const talentConfigsRelations = relations(talentConfigs, ({ one }) => ({
  talent: one(talents, { fields: [talentConfigs.id], references: [talents.id] }),
  faq: one(faqs, { fields: [talentConfigs.faqId], references: [faqs.id] }),
  referralTalent: one(talents, {
    fields: [talentConfigs.referralTalentId],
    references: [talents.id],
    relationName: 'configReferralTalent',
  }),
}));

export const staticAttachmentsRelations = relations(staticAttachments, ({ one }) => ({
  talent: one(talents, { fields: [staticAttachments.talentId], references: [talents.id] }),
}));

export const chatsRelations = relations(chats, ({ one, many }) => ({
  talent: one(talents, { fields: [chats.talentId], references: [talents.id] }),
  user: one(users, { fields: [chats.userId], references: [users.id] }),
  messages: many(chatMessages),
  prompts: many(chatPrompts),
}));

export const chatMessagesRelations = relations(chatMessages, ({ one }) => ({
  chat: one(chats, { fields: [chatMessages.chatId], references: [chats.id] }),
  prompt: one(chatPrompts, { fields: [chatMessages.id], references: [chatPrompts.id] }),
  broadcast: one(broadcasts, { fields: [chatMessages.broadcastId], references: [broadcasts.id] }),
}));

export const chatPromptsRelations = relations(chatPrompts, ({ one }) => ({
  chat: one(chats, { fields: [chatPrompts.chatId], references: [chats.id] }),
  message: one(chatMessages, { fields: [chatPrompts.id], references: [chatMessages.id] }),
}));

export const broadcastsRelations = relations(broadcasts, ({ one, many }) => ({
  talent: one(talents, { fields: [broadcasts.talentId], references: [talents.id] }),
  createdBy: one(users, { fields: [broadcasts.createdByUserId], references: [users.id] }),
  messages: many(chatMessages),
}));

export const earningFramesRelations = relations(earningFrames, ({ one }) => ({
  talent: one(talents, { fields: [earningFrames.talentId], references: [talents.id] }),
}));

export const metricFramesRelations = relations(metricFrames, ({ one }) => ({
  talent: one(talents, { fields: [metricFrames.talentId], references: [talents.id] }),
}));

export const payoutsRelations = relations(payouts, ({ one }) => ({
  talent: one(talents, { fields: [payouts.talentId], references: [talents.id] }),
  requestedBy: one(users, { fields: [payouts.requestedByUserId], references: [users.id] }),
}));

export const paymentsRelations = relations(payments, ({ one }) => ({
  user: one(users, { fields: [payments.userId], references: [users.id] }),
  talent: one(talents, { fields: [payments.talentId], references: [talents.id] }),
  product: one(products, { fields: [payments.productId], references: [products.id] }),
}));

export const productsRelations = relations(products, ({ many }) => ({
  payments: many(payments),
}));

export const faqsRelations = relations(faqs, ({ one, many }) => ({
  talent: one(talents, { fields: [faqs.talentId], references: [talents.id] }),
  items: many(faqItems),
}));

export const faqItemsRelations = relations(faqItems, ({ one }) => ({
  faq: one(faqs, { fields: [faqItems.faqId], references: [faqs.id] }),
}));

export const modelsRelations = relations(models, ({ one, many }) => ({
  talent: one(talents, { fields: [models.talentId], references: [talents.id] }),
  versions: many(modelVersions, { relationName: 'modelVersions' }),
  defaultVersion: one(modelVersions, {
    fields: [models.defaultVersionId],
    references: [modelVersions.id],
    relationName: 'modelDefaultVersion',
  }),
}));

export const modelVersionsRelations = relations(modelVersions, ({ one }) => ({
  model: one(models, { fields: [modelVersions.modelId], references: [models.id], relationName: 'modelVersions' }),
}));

export const publicTalentsRelations = relations(publicTalents, ({ one }) => ({
  talent: one(talents, { fields: [publicTalents.id], references: [talents.id] }),
}));

export const invitationsRelations = relations(invitations, ({ one }) => ({
  talent: one(talents, { fields: [invitations.talentId], references: [talents.id] }),
  invitedBy: one(users, { fields: [invitations.invitedByUserId], references: [users.id] }),
}));

export const appConfigsRelations = relations(appConfigs, ({ one }) => ({
  fineTuningModel: one(models, { fields: [appConfigs.fineTuningModelId], references: [models.id] }),
}));
