// Postgres enums for the closed enumerations, built from the tuples in @doppel/validation so the
// database and the forms cannot drift. User role and waitlist enums live in users.ts.
// Interests and personality traits are deliberately text[] instead: an interest that is no longer
// offered must still load (and show as deprecated) rather than break the row.
import {
  attachmentTypes,
  broadcastStatuses,
  chatCallsToAction,
  checkoutModes,
  checkoutStatuses,
  earningFrameRanges,
  earningSources,
  genders,
  modelVersionStatuses,
  paymentLedgerKinds,
  paymentProblems,
  paymentProviders,
  paymentReversalReasons,
  payoutStatuses,
  productPriceTypes,
  purposes,
  reactions,
  senderTypes,
  subscriptionStatuses,
  talentLedgerKinds,
  transferTypes,
} from '@doppel/validation';
import { pgEnum } from 'drizzle-orm/pg-core';

export const genderEnum = pgEnum('gender', genders);
export const purposeEnum = pgEnum('purpose', purposes);
export const senderTypeEnum = pgEnum('sender_type', senderTypes);
export const reactionEnum = pgEnum('reaction', reactions);
export const attachmentTypeEnum = pgEnum('attachment_type', attachmentTypes);
export const broadcastStatusEnum = pgEnum('broadcast_status', broadcastStatuses);
export const payoutStatusEnum = pgEnum('payout_status', payoutStatuses);
export const transferTypeEnum = pgEnum('transfer_type', transferTypes);
export const modelVersionStatusEnum = pgEnum('model_version_status', modelVersionStatuses);
export const productPriceTypeEnum = pgEnum('product_price_type', productPriceTypes);
export const earningFrameRangeEnum = pgEnum('earning_frame_range', earningFrameRanges);
export const checkoutStatusEnum = pgEnum('checkout_status', checkoutStatuses);
export const checkoutModeEnum = pgEnum('checkout_mode', checkoutModes);
export const paymentProviderEnum = pgEnum('payment_provider', paymentProviders);
export const subscriptionStatusEnum = pgEnum('subscription_status', subscriptionStatuses);
export const paymentLedgerKindEnum = pgEnum('payment_ledger_kind', paymentLedgerKinds);
export const paymentReversalReasonEnum = pgEnum('payment_reversal_reason', paymentReversalReasons);
export const paymentProblemEnum = pgEnum('payment_problem', paymentProblems);
export const chatCallToActionEnum = pgEnum('chat_call_to_action', chatCallsToAction);
export const talentLedgerKindEnum = pgEnum('talent_ledger_kind', talentLedgerKinds);
export const earningSourceEnum = pgEnum('earning_source', earningSources);
