// The talent detail's read-only tabs (spec 2.5): Model, Payouts, Broadcast, Analytics. Spread into
// the talents router, so the client reads admin.talents.<tab>. Use cases live in
// packages/domain/src/admin/talent-tabs.

/** Procedures of the read-only tabs, keyed by their name under admin.talents. */
export const talentTabProcedures = {};
