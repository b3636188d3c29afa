// The admin Payments list's price-type filter.
// No zod here (docs/architecture.md#performance): the pages that show these load no schemas.
import { productPriceTypes } from '../enums.ts';

/** The list's price-type filter: one type, or `all`. */
export const adminPaymentPriceTypeFilters = ['all', ...productPriceTypes] as const;
export type AdminPaymentPriceTypeFilter = (typeof adminPaymentPriceTypeFilters)[number];
