import { Navigate, Route, Routes } from 'react-router-dom';
import { PayoutDetailPage } from './payout-detail-page.tsx';
import { PayoutListPage } from './payout-list-page.tsx';

/** /payouts (list) and /payouts/:payoutId (detail) (docs/product-rules.md#admin-back-office). */
export function PayoutsSection() {
  return (
    <Routes>
      <Route index element={<PayoutListPage />} />
      <Route path=":payoutId" element={<PayoutDetailPage />} />
      <Route path="*" element={<Navigate to="/payouts" replace />} />
    </Routes>
  );
}
