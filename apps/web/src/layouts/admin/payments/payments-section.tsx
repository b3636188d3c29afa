import { Navigate, Route, Routes } from 'react-router-dom';
import { PaymentDetailPage } from './payment-detail-page.tsx';
import { PaymentListPage } from './payment-list-page.tsx';

/** /payments (list) and /payments/:paymentId (detail) (docs/product-rules.md#admin-back-office). */
export function PaymentsSection() {
  return (
    <Routes>
      <Route index element={<PaymentListPage />} />
      <Route path=":paymentId" element={<PaymentDetailPage />} />
      <Route path="*" element={<Navigate to="/payments" replace />} />
    </Routes>
  );
}
